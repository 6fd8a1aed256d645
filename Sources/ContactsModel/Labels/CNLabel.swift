import Foundation

// Predefined labels are opaque tokens stored as-is and written to vCards in this form; compare by constant.

/// The label for a home value.
public let CNLabelHome: String = "_$!<Home>!$_"
/// The label for a work value.
public let CNLabelWork: String = "_$!<Work>!$_"
/// The label for a school value.
public let CNLabelSchool: String = "_$!<School>!$_"
/// The label for any other value.
public let CNLabelOther: String = "_$!<Other>!$_"
/// The label for an iCloud e-mail address.
public let CNLabelEmailiCloud: String = "iCloud"
/// The label for a home page URL.
public let CNLabelURLAddressHomePage: String = "_$!<HomePage>!$_"
/// The label for an anniversary date.
public let CNLabelDateAnniversary: String = "_$!<Anniversary>!$_"
/// The label for an iPhone number.
public let CNLabelPhoneNumberiPhone: String = "iPhone"
/// The label for an Apple Watch number.
public let CNLabelPhoneNumberAppleWatch: String = "_$!<AppleWatch>!$_"
/// The label for a mobile number.
public let CNLabelPhoneNumberMobile: String = "_$!<Mobile>!$_"
/// The label for a main number.
public let CNLabelPhoneNumberMain: String = "_$!<Main>!$_"
/// The label for a home fax number.
public let CNLabelPhoneNumberHomeFax: String = "_$!<HomeFAX>!$_"
/// The label for a work fax number.
public let CNLabelPhoneNumberWorkFax: String = "_$!<WorkFAX>!$_"
/// The label for another fax number.
public let CNLabelPhoneNumberOtherFax: String = "_$!<OtherFAX>!$_"
/// The label for a pager number.
public let CNLabelPhoneNumberPager: String = "_$!<Pager>!$_"

/// Every predefined label that is not a contact-relation label.
package let allGenericLabels: [String] = [
    CNLabelHome, CNLabelWork, CNLabelSchool, CNLabelOther, CNLabelEmailiCloud, CNLabelURLAddressHomePage,
    CNLabelDateAnniversary, CNLabelPhoneNumberiPhone, CNLabelPhoneNumberAppleWatch, CNLabelPhoneNumberMobile,
    CNLabelPhoneNumberMain, CNLabelPhoneNumberHomeFax, CNLabelPhoneNumberWorkFax, CNLabelPhoneNumberOtherFax,
    CNLabelPhoneNumberPager,
]
