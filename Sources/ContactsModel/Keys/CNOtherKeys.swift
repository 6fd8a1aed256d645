import Foundation

/// The key of a group's identifier.
public let CNGroupIdentifierKey: String = "identifier"
/// The key of a group's name.
public let CNGroupNameKey: String = "name"

/// The key of a container's identifier.
public let CNContainerIdentifierKey: String = "identifier"
/// The key of a container's name.
public let CNContainerNameKey: String = "name"
/// The key of a container's type.
public let CNContainerTypeKey: String = "type"

/// The key of a postal address's street, which may hold several lines separated by "\n".
public let CNPostalAddressStreetKey: String = "street"
/// The key of a postal address's sub-locality, such as a neighbourhood.
public let CNPostalAddressSubLocalityKey: String = "subLocality"
/// The key of a postal address's city.
public let CNPostalAddressCityKey: String = "city"
/// The key of a postal address's sub-administrative area, such as a county.
public let CNPostalAddressSubAdministrativeAreaKey: String = "subAdministrativeArea"
/// The key of a postal address's state or province.
public let CNPostalAddressStateKey: String = "state"
/// The key of a postal address's postal code.
public let CNPostalAddressPostalCodeKey: String = "postalCode"
/// The key of a postal address's country name.
public let CNPostalAddressCountryKey: String = "country"
/// The key of a postal address's ISO 3166-1 country code.
public let CNPostalAddressISOCountryCodeKey: String = "ISOCountryCode"

/// The key of a social profile's URL.
public let CNSocialProfileURLStringKey: String = "urlString"
/// The key of a social profile's user name.
public let CNSocialProfileUsernameKey: String = "username"
/// The key of a social profile's user identifier.
public let CNSocialProfileUserIdentifierKey: String = "userIdentifier"
/// The key of a social profile's service.
public let CNSocialProfileServiceKey: String = "service"

/// The key of an instant message address's user name.
public let CNInstantMessageAddressUsernameKey: String = "username"
/// The key of an instant message address's service.
public let CNInstantMessageAddressServiceKey: String = "service"

/// The attributed-string key whose value is the contact key of a formatted name component.
public let CNContactPropertyAttribute: String = "CNContactPropertyAttribute"
/// The attributed-string key whose value is the postal address key of a formatted address component.
public let CNPostalAddressPropertyAttribute: String = "CNPostalAddressPropertyAttribute"
/// The attributed-string key whose value is the localized name of a formatted address component.
public let CNPostalAddressLocalizedPropertyNameAttribute: String = "CNPostalAddressLocalizedPropertyNameAttribute"
