import Foundation

/// The Facebook social profile service.
public let CNSocialProfileServiceFacebook: String = "Facebook"
/// The Flickr social profile service.
public let CNSocialProfileServiceFlickr: String = "Flickr"
/// The LinkedIn social profile service.
public let CNSocialProfileServiceLinkedIn: String = "LinkedIn"
/// The MySpace social profile service.
public let CNSocialProfileServiceMySpace: String = "MySpace"
/// The Sina Weibo social profile service.
public let CNSocialProfileServiceSinaWeibo: String = "SinaWeibo"
/// The Tencent Weibo social profile service.
public let CNSocialProfileServiceTencentWeibo: String = "TencentWeibo"
/// The Twitter social profile service.
public let CNSocialProfileServiceTwitter: String = "Twitter"
/// The Yelp social profile service.
public let CNSocialProfileServiceYelp: String = "Yelp"
/// The Game Center social profile service.
public let CNSocialProfileServiceGameCenter: String = "GameCenter"

/// The AIM instant message service.
public let CNInstantMessageServiceAIM: String = "AIM"
/// The Facebook instant message service.
public let CNInstantMessageServiceFacebook: String = "Facebook"
/// The Gadu-Gadu instant message service.
public let CNInstantMessageServiceGaduGadu: String = "GaduGadu"
/// The Google Talk instant message service.
public let CNInstantMessageServiceGoogleTalk: String = "GoogleTalk"
/// The ICQ instant message service.
public let CNInstantMessageServiceICQ: String = "ICQ"
/// The Jabber instant message service.
public let CNInstantMessageServiceJabber: String = "Jabber"
/// The MSN instant message service.
public let CNInstantMessageServiceMSN: String = "MSN"
/// The QQ instant message service.
public let CNInstantMessageServiceQQ: String = "QQ"
/// The Skype instant message service.
public let CNInstantMessageServiceSkype: String = "Skype"
/// The Yahoo instant message service.
public let CNInstantMessageServiceYahoo: String = "Yahoo"

/// Every predefined social profile service.
package let allSocialProfileServices: [String] = [
    CNSocialProfileServiceFacebook, CNSocialProfileServiceFlickr, CNSocialProfileServiceLinkedIn,
    CNSocialProfileServiceMySpace, CNSocialProfileServiceSinaWeibo, CNSocialProfileServiceTencentWeibo,
    CNSocialProfileServiceTwitter, CNSocialProfileServiceYelp, CNSocialProfileServiceGameCenter,
]

/// Every predefined instant message service.
package let allInstantMessageServices: [String] = [
    CNInstantMessageServiceAIM, CNInstantMessageServiceFacebook, CNInstantMessageServiceGaduGadu,
    CNInstantMessageServiceGoogleTalk, CNInstantMessageServiceICQ, CNInstantMessageServiceJabber,
    CNInstantMessageServiceMSN, CNInstantMessageServiceQQ, CNInstantMessageServiceSkype,
    CNInstantMessageServiceYahoo,
]
