import Foundation

// Contact-relation labels. Raw values follow the `_$!<Name>!$_` token form of the other predefined labels;
// treat them as opaque and compare by constant.

/// The contact-relation label "Assistant".
public let CNLabelContactRelationAssistant: String = "_$!<Assistant>!$_"
/// The contact-relation label "Brother".
public let CNLabelContactRelationBrother: String = "_$!<Brother>!$_"
/// The contact-relation label "Child".
public let CNLabelContactRelationChild: String = "_$!<Child>!$_"
/// The contact-relation label "Father".
public let CNLabelContactRelationFather: String = "_$!<Father>!$_"
/// The contact-relation label "Friend".
public let CNLabelContactRelationFriend: String = "_$!<Friend>!$_"
/// The contact-relation label "Manager".
public let CNLabelContactRelationManager: String = "_$!<Manager>!$_"
/// The contact-relation label "Mother".
public let CNLabelContactRelationMother: String = "_$!<Mother>!$_"
/// The contact-relation label "Parent".
public let CNLabelContactRelationParent: String = "_$!<Parent>!$_"
/// The contact-relation label "Partner".
public let CNLabelContactRelationPartner: String = "_$!<Partner>!$_"
/// The contact-relation label "Sister".
public let CNLabelContactRelationSister: String = "_$!<Sister>!$_"
/// The contact-relation label "Spouse".
public let CNLabelContactRelationSpouse: String = "_$!<Spouse>!$_"
/// The contact-relation label "Son".
public let CNLabelContactRelationSon: String = "_$!<Son>!$_"
/// The contact-relation label "Daughter".
public let CNLabelContactRelationDaughter: String = "_$!<Daughter>!$_"
/// The contact-relation label "GranddaughterOrNiece".
public let CNLabelContactRelationGranddaughterOrNiece: String = "_$!<GranddaughterOrNiece>!$_"
/// The contact-relation label "GrandsonOrNephew".
public let CNLabelContactRelationGrandsonOrNephew: String = "_$!<GrandsonOrNephew>!$_"
/// The contact-relation label "Aunt".
public let CNLabelContactRelationAunt: String = "_$!<Aunt>!$_"
/// The contact-relation label "AuntFathersBrothersWife".
public let CNLabelContactRelationAuntFathersBrothersWife: String = "_$!<AuntFathersBrothersWife>!$_"
/// The contact-relation label "AuntFathersElderBrothersWife".
public let CNLabelContactRelationAuntFathersElderBrothersWife: String = "_$!<AuntFathersElderBrothersWife>!$_"
/// The contact-relation label "AuntFathersElderSister".
public let CNLabelContactRelationAuntFathersElderSister: String = "_$!<AuntFathersElderSister>!$_"
/// The contact-relation label "AuntFathersSister".
public let CNLabelContactRelationAuntFathersSister: String = "_$!<AuntFathersSister>!$_"
/// The contact-relation label "AuntFathersYoungerBrothersWife".
public let CNLabelContactRelationAuntFathersYoungerBrothersWife: String = "_$!<AuntFathersYoungerBrothersWife>!$_"
/// The contact-relation label "AuntFathersYoungerSister".
public let CNLabelContactRelationAuntFathersYoungerSister: String = "_$!<AuntFathersYoungerSister>!$_"
/// The contact-relation label "AuntMothersBrothersWife".
public let CNLabelContactRelationAuntMothersBrothersWife: String = "_$!<AuntMothersBrothersWife>!$_"
/// The contact-relation label "AuntMothersElderSister".
public let CNLabelContactRelationAuntMothersElderSister: String = "_$!<AuntMothersElderSister>!$_"
/// The contact-relation label "AuntMothersSister".
public let CNLabelContactRelationAuntMothersSister: String = "_$!<AuntMothersSister>!$_"
/// The contact-relation label "AuntMothersYoungerSister".
public let CNLabelContactRelationAuntMothersYoungerSister: String = "_$!<AuntMothersYoungerSister>!$_"
/// The contact-relation label "AuntParentsElderSister".
public let CNLabelContactRelationAuntParentsElderSister: String = "_$!<AuntParentsElderSister>!$_"
/// The contact-relation label "AuntParentsSister".
public let CNLabelContactRelationAuntParentsSister: String = "_$!<AuntParentsSister>!$_"
/// The contact-relation label "AuntParentsYoungerSister".
public let CNLabelContactRelationAuntParentsYoungerSister: String = "_$!<AuntParentsYoungerSister>!$_"
/// The contact-relation label "Boyfriend".
public let CNLabelContactRelationBoyfriend: String = "_$!<Boyfriend>!$_"
/// The contact-relation label "BrotherInLaw".
public let CNLabelContactRelationBrotherInLaw: String = "_$!<BrotherInLaw>!$_"
/// The contact-relation label "BrotherInLawElderSistersHusband".
public let CNLabelContactRelationBrotherInLawElderSistersHusband: String = "_$!<BrotherInLawElderSistersHusband>!$_"
/// The contact-relation label "BrotherInLawHusbandsBrother".
public let CNLabelContactRelationBrotherInLawHusbandsBrother: String = "_$!<BrotherInLawHusbandsBrother>!$_"
/// The contact-relation label "BrotherInLawHusbandsSistersHusband".
public let CNLabelContactRelationBrotherInLawHusbandsSistersHusband: String =
    "_$!<BrotherInLawHusbandsSistersHusband>!$_"
/// The contact-relation label "BrotherInLawSistersHusband".
public let CNLabelContactRelationBrotherInLawSistersHusband: String = "_$!<BrotherInLawSistersHusband>!$_"
/// The contact-relation label "BrotherInLawSpousesBrother".
public let CNLabelContactRelationBrotherInLawSpousesBrother: String = "_$!<BrotherInLawSpousesBrother>!$_"
/// The contact-relation label "BrotherInLawWifesBrother".
public let CNLabelContactRelationBrotherInLawWifesBrother: String = "_$!<BrotherInLawWifesBrother>!$_"
/// The contact-relation label "BrotherInLawWifesSistersHusband".
public let CNLabelContactRelationBrotherInLawWifesSistersHusband: String = "_$!<BrotherInLawWifesSistersHusband>!$_"
/// The contact-relation label "BrotherInLawYoungerSistersHusband".
public let CNLabelContactRelationBrotherInLawYoungerSistersHusband: String = "_$!<BrotherInLawYoungerSistersHusband>!$_"
/// The contact-relation label "ChildInLaw".
public let CNLabelContactRelationChildInLaw: String = "_$!<ChildInLaw>!$_"
/// The contact-relation label "CoBrotherInLaw".
public let CNLabelContactRelationCoBrotherInLaw: String = "_$!<CoBrotherInLaw>!$_"
/// The contact-relation label "CoFatherInLaw".
public let CNLabelContactRelationCoFatherInLaw: String = "_$!<CoFatherInLaw>!$_"
/// The contact-relation label "CoMotherInLaw".
public let CNLabelContactRelationCoMotherInLaw: String = "_$!<CoMotherInLaw>!$_"
/// The contact-relation label "CoParentInLaw".
public let CNLabelContactRelationCoParentInLaw: String = "_$!<CoParentInLaw>!$_"
/// The contact-relation label "CoSiblingInLaw".
public let CNLabelContactRelationCoSiblingInLaw: String = "_$!<CoSiblingInLaw>!$_"
/// The contact-relation label "CoSisterInLaw".
public let CNLabelContactRelationCoSisterInLaw: String = "_$!<CoSisterInLaw>!$_"
/// The contact-relation label "Colleague".
public let CNLabelContactRelationColleague: String = "_$!<Colleague>!$_"
/// The contact-relation label "Cousin".
public let CNLabelContactRelationCousin: String = "_$!<Cousin>!$_"
/// The contact-relation label "CousinFathersBrothersDaughter".
public let CNLabelContactRelationCousinFathersBrothersDaughter: String = "_$!<CousinFathersBrothersDaughter>!$_"
/// The contact-relation label "CousinFathersBrothersSon".
public let CNLabelContactRelationCousinFathersBrothersSon: String = "_$!<CousinFathersBrothersSon>!$_"
/// The contact-relation label "CousinFathersSistersDaughter".
public let CNLabelContactRelationCousinFathersSistersDaughter: String = "_$!<CousinFathersSistersDaughter>!$_"
/// The contact-relation label "CousinFathersSistersSon".
public let CNLabelContactRelationCousinFathersSistersSon: String = "_$!<CousinFathersSistersSon>!$_"
/// The contact-relation label "CousinGrandparentsSiblingsChild".
public let CNLabelContactRelationCousinGrandparentsSiblingsChild: String = "_$!<CousinGrandparentsSiblingsChild>!$_"
/// The contact-relation label "CousinGrandparentsSiblingsDaughter".
public let CNLabelContactRelationCousinGrandparentsSiblingsDaughter: String =
    "_$!<CousinGrandparentsSiblingsDaughter>!$_"
/// The contact-relation label "CousinGrandparentsSiblingsSon".
public let CNLabelContactRelationCousinGrandparentsSiblingsSon: String = "_$!<CousinGrandparentsSiblingsSon>!$_"
/// The contact-relation label "CousinMothersBrothersDaughter".
public let CNLabelContactRelationCousinMothersBrothersDaughter: String = "_$!<CousinMothersBrothersDaughter>!$_"
/// The contact-relation label "CousinMothersBrothersSon".
public let CNLabelContactRelationCousinMothersBrothersSon: String = "_$!<CousinMothersBrothersSon>!$_"
/// The contact-relation label "CousinMothersSistersDaughter".
public let CNLabelContactRelationCousinMothersSistersDaughter: String = "_$!<CousinMothersSistersDaughter>!$_"
/// The contact-relation label "CousinMothersSistersSon".
public let CNLabelContactRelationCousinMothersSistersSon: String = "_$!<CousinMothersSistersSon>!$_"
/// The contact-relation label "CousinOrSiblingsChild".
public let CNLabelContactRelationCousinOrSiblingsChild: String = "_$!<CousinOrSiblingsChild>!$_"
/// The contact-relation label "CousinParentsSiblingsChild".
public let CNLabelContactRelationCousinParentsSiblingsChild: String = "_$!<CousinParentsSiblingsChild>!$_"
/// The contact-relation label "CousinParentsSiblingsDaughter".
public let CNLabelContactRelationCousinParentsSiblingsDaughter: String = "_$!<CousinParentsSiblingsDaughter>!$_"
/// The contact-relation label "CousinParentsSiblingsSon".
public let CNLabelContactRelationCousinParentsSiblingsSon: String = "_$!<CousinParentsSiblingsSon>!$_"
/// The contact-relation label "DaughterInLaw".
public let CNLabelContactRelationDaughterInLaw: String = "_$!<DaughterInLaw>!$_"
/// The contact-relation label "DaughterInLawOrSisterInLaw".
public let CNLabelContactRelationDaughterInLawOrSisterInLaw: String = "_$!<DaughterInLawOrSisterInLaw>!$_"
/// The contact-relation label "DaughterInLawOrStepdaughter".
public let CNLabelContactRelationDaughterInLawOrStepdaughter: String = "_$!<DaughterInLawOrStepdaughter>!$_"
/// The contact-relation label "ElderBrother".
public let CNLabelContactRelationElderBrother: String = "_$!<ElderBrother>!$_"
/// The contact-relation label "ElderBrotherInLaw".
public let CNLabelContactRelationElderBrotherInLaw: String = "_$!<ElderBrotherInLaw>!$_"
/// The contact-relation label "ElderCousin".
public let CNLabelContactRelationElderCousin: String = "_$!<ElderCousin>!$_"
/// The contact-relation label "ElderCousinFathersBrothersDaughter".
public let CNLabelContactRelationElderCousinFathersBrothersDaughter: String =
    "_$!<ElderCousinFathersBrothersDaughter>!$_"
/// The contact-relation label "ElderCousinFathersBrothersSon".
public let CNLabelContactRelationElderCousinFathersBrothersSon: String = "_$!<ElderCousinFathersBrothersSon>!$_"
/// The contact-relation label "ElderCousinFathersSistersDaughter".
public let CNLabelContactRelationElderCousinFathersSistersDaughter: String = "_$!<ElderCousinFathersSistersDaughter>!$_"
/// The contact-relation label "ElderCousinFathersSistersSon".
public let CNLabelContactRelationElderCousinFathersSistersSon: String = "_$!<ElderCousinFathersSistersSon>!$_"
/// The contact-relation label "ElderCousinMothersBrothersDaughter".
public let CNLabelContactRelationElderCousinMothersBrothersDaughter: String =
    "_$!<ElderCousinMothersBrothersDaughter>!$_"
/// The contact-relation label "ElderCousinMothersBrothersSon".
public let CNLabelContactRelationElderCousinMothersBrothersSon: String = "_$!<ElderCousinMothersBrothersSon>!$_"
/// The contact-relation label "ElderCousinMothersSiblingsDaughterOrFathersSistersDaughter".
public let CNLabelContactRelationElderCousinMothersSiblingsDaughterOrFathersSistersDaughter: String =
    "_$!<ElderCousinMothersSiblingsDaughterOrFathersSistersDaughter>!$_"
/// The contact-relation label "ElderCousinMothersSiblingsSonOrFathersSistersSon".
public let CNLabelContactRelationElderCousinMothersSiblingsSonOrFathersSistersSon: String =
    "_$!<ElderCousinMothersSiblingsSonOrFathersSistersSon>!$_"
/// The contact-relation label "ElderCousinMothersSistersDaughter".
public let CNLabelContactRelationElderCousinMothersSistersDaughter: String = "_$!<ElderCousinMothersSistersDaughter>!$_"
/// The contact-relation label "ElderCousinMothersSistersSon".
public let CNLabelContactRelationElderCousinMothersSistersSon: String = "_$!<ElderCousinMothersSistersSon>!$_"
/// The contact-relation label "ElderCousinParentsSiblingsDaughter".
public let CNLabelContactRelationElderCousinParentsSiblingsDaughter: String =
    "_$!<ElderCousinParentsSiblingsDaughter>!$_"
/// The contact-relation label "ElderCousinParentsSiblingsSon".
public let CNLabelContactRelationElderCousinParentsSiblingsSon: String = "_$!<ElderCousinParentsSiblingsSon>!$_"
/// The contact-relation label "ElderSibling".
public let CNLabelContactRelationElderSibling: String = "_$!<ElderSibling>!$_"
/// The contact-relation label "ElderSiblingInLaw".
public let CNLabelContactRelationElderSiblingInLaw: String = "_$!<ElderSiblingInLaw>!$_"
/// The contact-relation label "ElderSister".
public let CNLabelContactRelationElderSister: String = "_$!<ElderSister>!$_"
/// The contact-relation label "ElderSisterInLaw".
public let CNLabelContactRelationElderSisterInLaw: String = "_$!<ElderSisterInLaw>!$_"
/// The contact-relation label "EldestBrother".
public let CNLabelContactRelationEldestBrother: String = "_$!<EldestBrother>!$_"
/// The contact-relation label "EldestSister".
public let CNLabelContactRelationEldestSister: String = "_$!<EldestSister>!$_"
/// The contact-relation label "FatherInLaw".
public let CNLabelContactRelationFatherInLaw: String = "_$!<FatherInLaw>!$_"
/// The contact-relation label "FatherInLawHusbandsFather".
public let CNLabelContactRelationFatherInLawHusbandsFather: String = "_$!<FatherInLawHusbandsFather>!$_"
/// The contact-relation label "FatherInLawOrStepfather".
public let CNLabelContactRelationFatherInLawOrStepfather: String = "_$!<FatherInLawOrStepfather>!$_"
/// The contact-relation label "FatherInLawWifesFather".
public let CNLabelContactRelationFatherInLawWifesFather: String = "_$!<FatherInLawWifesFather>!$_"
/// The contact-relation label "FemaleCousin".
public let CNLabelContactRelationFemaleCousin: String = "_$!<FemaleCousin>!$_"
/// The contact-relation label "FemaleFriend".
public let CNLabelContactRelationFemaleFriend: String = "_$!<FemaleFriend>!$_"
/// The contact-relation label "FemalePartner".
public let CNLabelContactRelationFemalePartner: String = "_$!<FemalePartner>!$_"
/// The contact-relation label "Girlfriend".
public let CNLabelContactRelationGirlfriend: String = "_$!<Girlfriend>!$_"
/// The contact-relation label "GirlfriendOrBoyfriend".
public let CNLabelContactRelationGirlfriendOrBoyfriend: String = "_$!<GirlfriendOrBoyfriend>!$_"
/// The contact-relation label "Grandaunt".
public let CNLabelContactRelationGrandaunt: String = "_$!<Grandaunt>!$_"
/// The contact-relation label "Grandchild".
public let CNLabelContactRelationGrandchild: String = "_$!<Grandchild>!$_"
/// The contact-relation label "GrandchildOrSiblingsChild".
public let CNLabelContactRelationGrandchildOrSiblingsChild: String = "_$!<GrandchildOrSiblingsChild>!$_"
/// The contact-relation label "Granddaughter".
public let CNLabelContactRelationGranddaughter: String = "_$!<Granddaughter>!$_"
/// The contact-relation label "GranddaughterDaughtersDaughter".
public let CNLabelContactRelationGranddaughterDaughtersDaughter: String = "_$!<GranddaughterDaughtersDaughter>!$_"
/// The contact-relation label "GranddaughterSonsDaughter".
public let CNLabelContactRelationGranddaughterSonsDaughter: String = "_$!<GranddaughterSonsDaughter>!$_"
/// The contact-relation label "Grandfather".
public let CNLabelContactRelationGrandfather: String = "_$!<Grandfather>!$_"
/// The contact-relation label "GrandfatherFathersFather".
public let CNLabelContactRelationGrandfatherFathersFather: String = "_$!<GrandfatherFathersFather>!$_"
/// The contact-relation label "GrandfatherMothersFather".
public let CNLabelContactRelationGrandfatherMothersFather: String = "_$!<GrandfatherMothersFather>!$_"
/// The contact-relation label "Grandmother".
public let CNLabelContactRelationGrandmother: String = "_$!<Grandmother>!$_"
/// The contact-relation label "GrandmotherFathersMother".
public let CNLabelContactRelationGrandmotherFathersMother: String = "_$!<GrandmotherFathersMother>!$_"
/// The contact-relation label "GrandmotherMothersMother".
public let CNLabelContactRelationGrandmotherMothersMother: String = "_$!<GrandmotherMothersMother>!$_"
/// The contact-relation label "Grandnephew".
public let CNLabelContactRelationGrandnephew: String = "_$!<Grandnephew>!$_"
/// The contact-relation label "GrandnephewBrothersGrandson".
public let CNLabelContactRelationGrandnephewBrothersGrandson: String = "_$!<GrandnephewBrothersGrandson>!$_"
/// The contact-relation label "GrandnephewSistersGrandson".
public let CNLabelContactRelationGrandnephewSistersGrandson: String = "_$!<GrandnephewSistersGrandson>!$_"
/// The contact-relation label "Grandniece".
public let CNLabelContactRelationGrandniece: String = "_$!<Grandniece>!$_"
/// The contact-relation label "GrandnieceBrothersGranddaughter".
public let CNLabelContactRelationGrandnieceBrothersGranddaughter: String = "_$!<GrandnieceBrothersGranddaughter>!$_"
/// The contact-relation label "GrandnieceSistersGranddaughter".
public let CNLabelContactRelationGrandnieceSistersGranddaughter: String = "_$!<GrandnieceSistersGranddaughter>!$_"
/// The contact-relation label "Grandparent".
public let CNLabelContactRelationGrandparent: String = "_$!<Grandparent>!$_"
/// The contact-relation label "Grandson".
public let CNLabelContactRelationGrandson: String = "_$!<Grandson>!$_"
/// The contact-relation label "GrandsonDaughtersSon".
public let CNLabelContactRelationGrandsonDaughtersSon: String = "_$!<GrandsonDaughtersSon>!$_"
/// The contact-relation label "GrandsonSonsSon".
public let CNLabelContactRelationGrandsonSonsSon: String = "_$!<GrandsonSonsSon>!$_"
/// The contact-relation label "Granduncle".
public let CNLabelContactRelationGranduncle: String = "_$!<Granduncle>!$_"
/// The contact-relation label "GreatGrandchild".
public let CNLabelContactRelationGreatGrandchild: String = "_$!<GreatGrandchild>!$_"
/// The contact-relation label "GreatGrandchildOrSiblingsGrandchild".
public let CNLabelContactRelationGreatGrandchildOrSiblingsGrandchild: String =
    "_$!<GreatGrandchildOrSiblingsGrandchild>!$_"
/// The contact-relation label "GreatGranddaughter".
public let CNLabelContactRelationGreatGranddaughter: String = "_$!<GreatGranddaughter>!$_"
/// The contact-relation label "GreatGrandfather".
public let CNLabelContactRelationGreatGrandfather: String = "_$!<GreatGrandfather>!$_"
/// The contact-relation label "GreatGrandmother".
public let CNLabelContactRelationGreatGrandmother: String = "_$!<GreatGrandmother>!$_"
/// The contact-relation label "GreatGrandparent".
public let CNLabelContactRelationGreatGrandparent: String = "_$!<GreatGrandparent>!$_"
/// The contact-relation label "GreatGrandson".
public let CNLabelContactRelationGreatGrandson: String = "_$!<GreatGrandson>!$_"
/// The contact-relation label "Husband".
public let CNLabelContactRelationHusband: String = "_$!<Husband>!$_"
/// The contact-relation label "MaleCousin".
public let CNLabelContactRelationMaleCousin: String = "_$!<MaleCousin>!$_"
/// The contact-relation label "MaleFriend".
public let CNLabelContactRelationMaleFriend: String = "_$!<MaleFriend>!$_"
/// The contact-relation label "MalePartner".
public let CNLabelContactRelationMalePartner: String = "_$!<MalePartner>!$_"
/// The contact-relation label "MotherInLaw".
public let CNLabelContactRelationMotherInLaw: String = "_$!<MotherInLaw>!$_"
/// The contact-relation label "MotherInLawHusbandsMother".
public let CNLabelContactRelationMotherInLawHusbandsMother: String = "_$!<MotherInLawHusbandsMother>!$_"
/// The contact-relation label "MotherInLawOrStepmother".
public let CNLabelContactRelationMotherInLawOrStepmother: String = "_$!<MotherInLawOrStepmother>!$_"
/// The contact-relation label "MotherInLawWifesMother".
public let CNLabelContactRelationMotherInLawWifesMother: String = "_$!<MotherInLawWifesMother>!$_"
/// The contact-relation label "Nephew".
public let CNLabelContactRelationNephew: String = "_$!<Nephew>!$_"
/// The contact-relation label "NephewBrothersSon".
public let CNLabelContactRelationNephewBrothersSon: String = "_$!<NephewBrothersSon>!$_"
/// The contact-relation label "NephewBrothersSonOrHusbandsSiblingsSon".
public let CNLabelContactRelationNephewBrothersSonOrHusbandsSiblingsSon: String =
    "_$!<NephewBrothersSonOrHusbandsSiblingsSon>!$_"
/// The contact-relation label "NephewOrCousin".
public let CNLabelContactRelationNephewOrCousin: String = "_$!<NephewOrCousin>!$_"
/// The contact-relation label "NephewSistersSon".
public let CNLabelContactRelationNephewSistersSon: String = "_$!<NephewSistersSon>!$_"
/// The contact-relation label "NephewSistersSonOrWifesSiblingsSon".
public let CNLabelContactRelationNephewSistersSonOrWifesSiblingsSon: String =
    "_$!<NephewSistersSonOrWifesSiblingsSon>!$_"
/// The contact-relation label "Niece".
public let CNLabelContactRelationNiece: String = "_$!<Niece>!$_"
/// The contact-relation label "NieceBrothersDaughter".
public let CNLabelContactRelationNieceBrothersDaughter: String = "_$!<NieceBrothersDaughter>!$_"
/// The contact-relation label "NieceBrothersDaughterOrHusbandsSiblingsDaughter".
public let CNLabelContactRelationNieceBrothersDaughterOrHusbandsSiblingsDaughter: String =
    "_$!<NieceBrothersDaughterOrHusbandsSiblingsDaughter>!$_"
/// The contact-relation label "NieceOrCousin".
public let CNLabelContactRelationNieceOrCousin: String = "_$!<NieceOrCousin>!$_"
/// The contact-relation label "NieceSistersDaughter".
public let CNLabelContactRelationNieceSistersDaughter: String = "_$!<NieceSistersDaughter>!$_"
/// The contact-relation label "NieceSistersDaughterOrWifesSiblingsDaughter".
public let CNLabelContactRelationNieceSistersDaughterOrWifesSiblingsDaughter: String =
    "_$!<NieceSistersDaughterOrWifesSiblingsDaughter>!$_"
/// The contact-relation label "ParentInLaw".
public let CNLabelContactRelationParentInLaw: String = "_$!<ParentInLaw>!$_"
/// The contact-relation label "ParentsElderSibling".
public let CNLabelContactRelationParentsElderSibling: String = "_$!<ParentsElderSibling>!$_"
/// The contact-relation label "ParentsSibling".
public let CNLabelContactRelationParentsSibling: String = "_$!<ParentsSibling>!$_"
/// The contact-relation label "ParentsSiblingFathersElderSibling".
public let CNLabelContactRelationParentsSiblingFathersElderSibling: String = "_$!<ParentsSiblingFathersElderSibling>!$_"
/// The contact-relation label "ParentsSiblingFathersSibling".
public let CNLabelContactRelationParentsSiblingFathersSibling: String = "_$!<ParentsSiblingFathersSibling>!$_"
/// The contact-relation label "ParentsSiblingFathersYoungerSibling".
public let CNLabelContactRelationParentsSiblingFathersYoungerSibling: String =
    "_$!<ParentsSiblingFathersYoungerSibling>!$_"
/// The contact-relation label "ParentsSiblingMothersElderSibling".
public let CNLabelContactRelationParentsSiblingMothersElderSibling: String = "_$!<ParentsSiblingMothersElderSibling>!$_"
/// The contact-relation label "ParentsSiblingMothersSibling".
public let CNLabelContactRelationParentsSiblingMothersSibling: String = "_$!<ParentsSiblingMothersSibling>!$_"
/// The contact-relation label "ParentsSiblingMothersYoungerSibling".
public let CNLabelContactRelationParentsSiblingMothersYoungerSibling: String =
    "_$!<ParentsSiblingMothersYoungerSibling>!$_"
/// The contact-relation label "ParentsYoungerSibling".
public let CNLabelContactRelationParentsYoungerSibling: String = "_$!<ParentsYoungerSibling>!$_"
/// The contact-relation label "Sibling".
public let CNLabelContactRelationSibling: String = "_$!<Sibling>!$_"
/// The contact-relation label "SiblingInLaw".
public let CNLabelContactRelationSiblingInLaw: String = "_$!<SiblingInLaw>!$_"
/// The contact-relation label "SiblingsChild".
public let CNLabelContactRelationSiblingsChild: String = "_$!<SiblingsChild>!$_"
/// The contact-relation label "SisterInLaw".
public let CNLabelContactRelationSisterInLaw: String = "_$!<SisterInLaw>!$_"
/// The contact-relation label "SisterInLawBrothersWife".
public let CNLabelContactRelationSisterInLawBrothersWife: String = "_$!<SisterInLawBrothersWife>!$_"
/// The contact-relation label "SisterInLawElderBrothersWife".
public let CNLabelContactRelationSisterInLawElderBrothersWife: String = "_$!<SisterInLawElderBrothersWife>!$_"
/// The contact-relation label "SisterInLawHusbandsBrothersWife".
public let CNLabelContactRelationSisterInLawHusbandsBrothersWife: String = "_$!<SisterInLawHusbandsBrothersWife>!$_"
/// The contact-relation label "SisterInLawHusbandsSister".
public let CNLabelContactRelationSisterInLawHusbandsSister: String = "_$!<SisterInLawHusbandsSister>!$_"
/// The contact-relation label "SisterInLawSpousesSister".
public let CNLabelContactRelationSisterInLawSpousesSister: String = "_$!<SisterInLawSpousesSister>!$_"
/// The contact-relation label "SisterInLawWifesBrothersWife".
public let CNLabelContactRelationSisterInLawWifesBrothersWife: String = "_$!<SisterInLawWifesBrothersWife>!$_"
/// The contact-relation label "SisterInLawWifesSister".
public let CNLabelContactRelationSisterInLawWifesSister: String = "_$!<SisterInLawWifesSister>!$_"
/// The contact-relation label "SisterInLawYoungerBrothersWife".
public let CNLabelContactRelationSisterInLawYoungerBrothersWife: String = "_$!<SisterInLawYoungerBrothersWife>!$_"
/// The contact-relation label "SonInLaw".
public let CNLabelContactRelationSonInLaw: String = "_$!<SonInLaw>!$_"
/// The contact-relation label "SonInLawOrBrotherInLaw".
public let CNLabelContactRelationSonInLawOrBrotherInLaw: String = "_$!<SonInLawOrBrotherInLaw>!$_"
/// The contact-relation label "SonInLawOrStepson".
public let CNLabelContactRelationSonInLawOrStepson: String = "_$!<SonInLawOrStepson>!$_"
/// The contact-relation label "Stepbrother".
public let CNLabelContactRelationStepbrother: String = "_$!<Stepbrother>!$_"
/// The contact-relation label "Stepchild".
public let CNLabelContactRelationStepchild: String = "_$!<Stepchild>!$_"
/// The contact-relation label "Stepdaughter".
public let CNLabelContactRelationStepdaughter: String = "_$!<Stepdaughter>!$_"
/// The contact-relation label "Stepfather".
public let CNLabelContactRelationStepfather: String = "_$!<Stepfather>!$_"
/// The contact-relation label "Stepmother".
public let CNLabelContactRelationStepmother: String = "_$!<Stepmother>!$_"
/// The contact-relation label "Stepparent".
public let CNLabelContactRelationStepparent: String = "_$!<Stepparent>!$_"
/// The contact-relation label "Stepsister".
public let CNLabelContactRelationStepsister: String = "_$!<Stepsister>!$_"
/// The contact-relation label "Stepson".
public let CNLabelContactRelationStepson: String = "_$!<Stepson>!$_"
/// The contact-relation label "Teacher".
public let CNLabelContactRelationTeacher: String = "_$!<Teacher>!$_"
/// The contact-relation label "Uncle".
public let CNLabelContactRelationUncle: String = "_$!<Uncle>!$_"
/// The contact-relation label "UncleFathersBrother".
public let CNLabelContactRelationUncleFathersBrother: String = "_$!<UncleFathersBrother>!$_"
/// The contact-relation label "UncleFathersElderBrother".
public let CNLabelContactRelationUncleFathersElderBrother: String = "_$!<UncleFathersElderBrother>!$_"
/// The contact-relation label "UncleFathersElderSistersHusband".
public let CNLabelContactRelationUncleFathersElderSistersHusband: String = "_$!<UncleFathersElderSistersHusband>!$_"
/// The contact-relation label "UncleFathersSistersHusband".
public let CNLabelContactRelationUncleFathersSistersHusband: String = "_$!<UncleFathersSistersHusband>!$_"
/// The contact-relation label "UncleFathersYoungerBrother".
public let CNLabelContactRelationUncleFathersYoungerBrother: String = "_$!<UncleFathersYoungerBrother>!$_"
/// The contact-relation label "UncleFathersYoungerSistersHusband".
public let CNLabelContactRelationUncleFathersYoungerSistersHusband: String = "_$!<UncleFathersYoungerSistersHusband>!$_"
/// The contact-relation label "UncleMothersBrother".
public let CNLabelContactRelationUncleMothersBrother: String = "_$!<UncleMothersBrother>!$_"
/// The contact-relation label "UncleMothersElderBrother".
public let CNLabelContactRelationUncleMothersElderBrother: String = "_$!<UncleMothersElderBrother>!$_"
/// The contact-relation label "UncleMothersSistersHusband".
public let CNLabelContactRelationUncleMothersSistersHusband: String = "_$!<UncleMothersSistersHusband>!$_"
/// The contact-relation label "UncleMothersYoungerBrother".
public let CNLabelContactRelationUncleMothersYoungerBrother: String = "_$!<UncleMothersYoungerBrother>!$_"
/// The contact-relation label "UncleParentsBrother".
public let CNLabelContactRelationUncleParentsBrother: String = "_$!<UncleParentsBrother>!$_"
/// The contact-relation label "UncleParentsElderBrother".
public let CNLabelContactRelationUncleParentsElderBrother: String = "_$!<UncleParentsElderBrother>!$_"
/// The contact-relation label "UncleParentsYoungerBrother".
public let CNLabelContactRelationUncleParentsYoungerBrother: String = "_$!<UncleParentsYoungerBrother>!$_"
/// The contact-relation label "Wife".
public let CNLabelContactRelationWife: String = "_$!<Wife>!$_"
/// The contact-relation label "YoungerBrother".
public let CNLabelContactRelationYoungerBrother: String = "_$!<YoungerBrother>!$_"
/// The contact-relation label "YoungerBrotherInLaw".
public let CNLabelContactRelationYoungerBrotherInLaw: String = "_$!<YoungerBrotherInLaw>!$_"
/// The contact-relation label "YoungerCousin".
public let CNLabelContactRelationYoungerCousin: String = "_$!<YoungerCousin>!$_"
/// The contact-relation label "YoungerCousinFathersBrothersDaughter".
public let CNLabelContactRelationYoungerCousinFathersBrothersDaughter: String =
    "_$!<YoungerCousinFathersBrothersDaughter>!$_"
/// The contact-relation label "YoungerCousinFathersBrothersSon".
public let CNLabelContactRelationYoungerCousinFathersBrothersSon: String = "_$!<YoungerCousinFathersBrothersSon>!$_"
/// The contact-relation label "YoungerCousinFathersSistersDaughter".
public let CNLabelContactRelationYoungerCousinFathersSistersDaughter: String =
    "_$!<YoungerCousinFathersSistersDaughter>!$_"
/// The contact-relation label "YoungerCousinFathersSistersSon".
public let CNLabelContactRelationYoungerCousinFathersSistersSon: String = "_$!<YoungerCousinFathersSistersSon>!$_"
/// The contact-relation label "YoungerCousinMothersBrothersDaughter".
public let CNLabelContactRelationYoungerCousinMothersBrothersDaughter: String =
    "_$!<YoungerCousinMothersBrothersDaughter>!$_"
/// The contact-relation label "YoungerCousinMothersBrothersSon".
public let CNLabelContactRelationYoungerCousinMothersBrothersSon: String = "_$!<YoungerCousinMothersBrothersSon>!$_"
/// The contact-relation label "YoungerCousinMothersSiblingsDaughterOrFathersSistersDaughter".
public let CNLabelContactRelationYoungerCousinMothersSiblingsDaughterOrFathersSistersDaughter: String =
    "_$!<YoungerCousinMothersSiblingsDaughterOrFathersSistersDaughter>!$_"
/// The contact-relation label "YoungerCousinMothersSiblingsSonOrFathersSistersSon".
public let CNLabelContactRelationYoungerCousinMothersSiblingsSonOrFathersSistersSon: String =
    "_$!<YoungerCousinMothersSiblingsSonOrFathersSistersSon>!$_"
/// The contact-relation label "YoungerCousinMothersSistersDaughter".
public let CNLabelContactRelationYoungerCousinMothersSistersDaughter: String =
    "_$!<YoungerCousinMothersSistersDaughter>!$_"
/// The contact-relation label "YoungerCousinMothersSistersSon".
public let CNLabelContactRelationYoungerCousinMothersSistersSon: String = "_$!<YoungerCousinMothersSistersSon>!$_"
/// The contact-relation label "YoungerCousinParentsSiblingsDaughter".
public let CNLabelContactRelationYoungerCousinParentsSiblingsDaughter: String =
    "_$!<YoungerCousinParentsSiblingsDaughter>!$_"
/// The contact-relation label "YoungerCousinParentsSiblingsSon".
public let CNLabelContactRelationYoungerCousinParentsSiblingsSon: String = "_$!<YoungerCousinParentsSiblingsSon>!$_"
/// The contact-relation label "YoungerSibling".
public let CNLabelContactRelationYoungerSibling: String = "_$!<YoungerSibling>!$_"
/// The contact-relation label "YoungerSiblingInLaw".
public let CNLabelContactRelationYoungerSiblingInLaw: String = "_$!<YoungerSiblingInLaw>!$_"
/// The contact-relation label "YoungerSister".
public let CNLabelContactRelationYoungerSister: String = "_$!<YoungerSister>!$_"
/// The contact-relation label "YoungerSisterInLaw".
public let CNLabelContactRelationYoungerSisterInLaw: String = "_$!<YoungerSisterInLaw>!$_"
/// The contact-relation label "YoungestBrother".
public let CNLabelContactRelationYoungestBrother: String = "_$!<YoungestBrother>!$_"
/// The contact-relation label "YoungestSister".
public let CNLabelContactRelationYoungestSister: String = "_$!<YoungestSister>!$_"

/// Every predefined contact-relation label, in the order Apple introduced them.
package let allContactRelationLabels: [String] = [
    CNLabelContactRelationAssistant,
    CNLabelContactRelationBrother,
    CNLabelContactRelationChild,
    CNLabelContactRelationFather,
    CNLabelContactRelationFriend,
    CNLabelContactRelationManager,
    CNLabelContactRelationMother,
    CNLabelContactRelationParent,
    CNLabelContactRelationPartner,
    CNLabelContactRelationSister,
    CNLabelContactRelationSpouse,
    CNLabelContactRelationSon,
    CNLabelContactRelationDaughter,
    CNLabelContactRelationGranddaughterOrNiece,
    CNLabelContactRelationGrandsonOrNephew,
    CNLabelContactRelationAunt,
    CNLabelContactRelationAuntFathersBrothersWife,
    CNLabelContactRelationAuntFathersElderBrothersWife,
    CNLabelContactRelationAuntFathersElderSister,
    CNLabelContactRelationAuntFathersSister,
    CNLabelContactRelationAuntFathersYoungerBrothersWife,
    CNLabelContactRelationAuntFathersYoungerSister,
    CNLabelContactRelationAuntMothersBrothersWife,
    CNLabelContactRelationAuntMothersElderSister,
    CNLabelContactRelationAuntMothersSister,
    CNLabelContactRelationAuntMothersYoungerSister,
    CNLabelContactRelationAuntParentsElderSister,
    CNLabelContactRelationAuntParentsSister,
    CNLabelContactRelationAuntParentsYoungerSister,
    CNLabelContactRelationBoyfriend,
    CNLabelContactRelationBrotherInLaw,
    CNLabelContactRelationBrotherInLawElderSistersHusband,
    CNLabelContactRelationBrotherInLawHusbandsBrother,
    CNLabelContactRelationBrotherInLawHusbandsSistersHusband,
    CNLabelContactRelationBrotherInLawSistersHusband,
    CNLabelContactRelationBrotherInLawSpousesBrother,
    CNLabelContactRelationBrotherInLawWifesBrother,
    CNLabelContactRelationBrotherInLawWifesSistersHusband,
    CNLabelContactRelationBrotherInLawYoungerSistersHusband,
    CNLabelContactRelationChildInLaw,
    CNLabelContactRelationCoBrotherInLaw,
    CNLabelContactRelationCoFatherInLaw,
    CNLabelContactRelationCoMotherInLaw,
    CNLabelContactRelationCoParentInLaw,
    CNLabelContactRelationCoSiblingInLaw,
    CNLabelContactRelationCoSisterInLaw,
    CNLabelContactRelationColleague,
    CNLabelContactRelationCousin,
    CNLabelContactRelationCousinFathersBrothersDaughter,
    CNLabelContactRelationCousinFathersBrothersSon,
    CNLabelContactRelationCousinFathersSistersDaughter,
    CNLabelContactRelationCousinFathersSistersSon,
    CNLabelContactRelationCousinGrandparentsSiblingsChild,
    CNLabelContactRelationCousinGrandparentsSiblingsDaughter,
    CNLabelContactRelationCousinGrandparentsSiblingsSon,
    CNLabelContactRelationCousinMothersBrothersDaughter,
    CNLabelContactRelationCousinMothersBrothersSon,
    CNLabelContactRelationCousinMothersSistersDaughter,
    CNLabelContactRelationCousinMothersSistersSon,
    CNLabelContactRelationCousinOrSiblingsChild,
    CNLabelContactRelationCousinParentsSiblingsChild,
    CNLabelContactRelationCousinParentsSiblingsDaughter,
    CNLabelContactRelationCousinParentsSiblingsSon,
    CNLabelContactRelationDaughterInLaw,
    CNLabelContactRelationDaughterInLawOrSisterInLaw,
    CNLabelContactRelationDaughterInLawOrStepdaughter,
    CNLabelContactRelationElderBrother,
    CNLabelContactRelationElderBrotherInLaw,
    CNLabelContactRelationElderCousin,
    CNLabelContactRelationElderCousinFathersBrothersDaughter,
    CNLabelContactRelationElderCousinFathersBrothersSon,
    CNLabelContactRelationElderCousinFathersSistersDaughter,
    CNLabelContactRelationElderCousinFathersSistersSon,
    CNLabelContactRelationElderCousinMothersBrothersDaughter,
    CNLabelContactRelationElderCousinMothersBrothersSon,
    CNLabelContactRelationElderCousinMothersSiblingsDaughterOrFathersSistersDaughter,
    CNLabelContactRelationElderCousinMothersSiblingsSonOrFathersSistersSon,
    CNLabelContactRelationElderCousinMothersSistersDaughter,
    CNLabelContactRelationElderCousinMothersSistersSon,
    CNLabelContactRelationElderCousinParentsSiblingsDaughter,
    CNLabelContactRelationElderCousinParentsSiblingsSon,
    CNLabelContactRelationElderSibling,
    CNLabelContactRelationElderSiblingInLaw,
    CNLabelContactRelationElderSister,
    CNLabelContactRelationElderSisterInLaw,
    CNLabelContactRelationEldestBrother,
    CNLabelContactRelationEldestSister,
    CNLabelContactRelationFatherInLaw,
    CNLabelContactRelationFatherInLawHusbandsFather,
    CNLabelContactRelationFatherInLawOrStepfather,
    CNLabelContactRelationFatherInLawWifesFather,
    CNLabelContactRelationFemaleCousin,
    CNLabelContactRelationFemaleFriend,
    CNLabelContactRelationFemalePartner,
    CNLabelContactRelationGirlfriend,
    CNLabelContactRelationGirlfriendOrBoyfriend,
    CNLabelContactRelationGrandaunt,
    CNLabelContactRelationGrandchild,
    CNLabelContactRelationGrandchildOrSiblingsChild,
    CNLabelContactRelationGranddaughter,
    CNLabelContactRelationGranddaughterDaughtersDaughter,
    CNLabelContactRelationGranddaughterSonsDaughter,
    CNLabelContactRelationGrandfather,
    CNLabelContactRelationGrandfatherFathersFather,
    CNLabelContactRelationGrandfatherMothersFather,
    CNLabelContactRelationGrandmother,
    CNLabelContactRelationGrandmotherFathersMother,
    CNLabelContactRelationGrandmotherMothersMother,
    CNLabelContactRelationGrandnephew,
    CNLabelContactRelationGrandnephewBrothersGrandson,
    CNLabelContactRelationGrandnephewSistersGrandson,
    CNLabelContactRelationGrandniece,
    CNLabelContactRelationGrandnieceBrothersGranddaughter,
    CNLabelContactRelationGrandnieceSistersGranddaughter,
    CNLabelContactRelationGrandparent,
    CNLabelContactRelationGrandson,
    CNLabelContactRelationGrandsonDaughtersSon,
    CNLabelContactRelationGrandsonSonsSon,
    CNLabelContactRelationGranduncle,
    CNLabelContactRelationGreatGrandchild,
    CNLabelContactRelationGreatGrandchildOrSiblingsGrandchild,
    CNLabelContactRelationGreatGranddaughter,
    CNLabelContactRelationGreatGrandfather,
    CNLabelContactRelationGreatGrandmother,
    CNLabelContactRelationGreatGrandparent,
    CNLabelContactRelationGreatGrandson,
    CNLabelContactRelationHusband,
    CNLabelContactRelationMaleCousin,
    CNLabelContactRelationMaleFriend,
    CNLabelContactRelationMalePartner,
    CNLabelContactRelationMotherInLaw,
    CNLabelContactRelationMotherInLawHusbandsMother,
    CNLabelContactRelationMotherInLawOrStepmother,
    CNLabelContactRelationMotherInLawWifesMother,
    CNLabelContactRelationNephew,
    CNLabelContactRelationNephewBrothersSon,
    CNLabelContactRelationNephewBrothersSonOrHusbandsSiblingsSon,
    CNLabelContactRelationNephewOrCousin,
    CNLabelContactRelationNephewSistersSon,
    CNLabelContactRelationNephewSistersSonOrWifesSiblingsSon,
    CNLabelContactRelationNiece,
    CNLabelContactRelationNieceBrothersDaughter,
    CNLabelContactRelationNieceBrothersDaughterOrHusbandsSiblingsDaughter,
    CNLabelContactRelationNieceOrCousin,
    CNLabelContactRelationNieceSistersDaughter,
    CNLabelContactRelationNieceSistersDaughterOrWifesSiblingsDaughter,
    CNLabelContactRelationParentInLaw,
    CNLabelContactRelationParentsElderSibling,
    CNLabelContactRelationParentsSibling,
    CNLabelContactRelationParentsSiblingFathersElderSibling,
    CNLabelContactRelationParentsSiblingFathersSibling,
    CNLabelContactRelationParentsSiblingFathersYoungerSibling,
    CNLabelContactRelationParentsSiblingMothersElderSibling,
    CNLabelContactRelationParentsSiblingMothersSibling,
    CNLabelContactRelationParentsSiblingMothersYoungerSibling,
    CNLabelContactRelationParentsYoungerSibling,
    CNLabelContactRelationSibling,
    CNLabelContactRelationSiblingInLaw,
    CNLabelContactRelationSiblingsChild,
    CNLabelContactRelationSisterInLaw,
    CNLabelContactRelationSisterInLawBrothersWife,
    CNLabelContactRelationSisterInLawElderBrothersWife,
    CNLabelContactRelationSisterInLawHusbandsBrothersWife,
    CNLabelContactRelationSisterInLawHusbandsSister,
    CNLabelContactRelationSisterInLawSpousesSister,
    CNLabelContactRelationSisterInLawWifesBrothersWife,
    CNLabelContactRelationSisterInLawWifesSister,
    CNLabelContactRelationSisterInLawYoungerBrothersWife,
    CNLabelContactRelationSonInLaw,
    CNLabelContactRelationSonInLawOrBrotherInLaw,
    CNLabelContactRelationSonInLawOrStepson,
    CNLabelContactRelationStepbrother,
    CNLabelContactRelationStepchild,
    CNLabelContactRelationStepdaughter,
    CNLabelContactRelationStepfather,
    CNLabelContactRelationStepmother,
    CNLabelContactRelationStepparent,
    CNLabelContactRelationStepsister,
    CNLabelContactRelationStepson,
    CNLabelContactRelationTeacher,
    CNLabelContactRelationUncle,
    CNLabelContactRelationUncleFathersBrother,
    CNLabelContactRelationUncleFathersElderBrother,
    CNLabelContactRelationUncleFathersElderSistersHusband,
    CNLabelContactRelationUncleFathersSistersHusband,
    CNLabelContactRelationUncleFathersYoungerBrother,
    CNLabelContactRelationUncleFathersYoungerSistersHusband,
    CNLabelContactRelationUncleMothersBrother,
    CNLabelContactRelationUncleMothersElderBrother,
    CNLabelContactRelationUncleMothersSistersHusband,
    CNLabelContactRelationUncleMothersYoungerBrother,
    CNLabelContactRelationUncleParentsBrother,
    CNLabelContactRelationUncleParentsElderBrother,
    CNLabelContactRelationUncleParentsYoungerBrother,
    CNLabelContactRelationWife,
    CNLabelContactRelationYoungerBrother,
    CNLabelContactRelationYoungerBrotherInLaw,
    CNLabelContactRelationYoungerCousin,
    CNLabelContactRelationYoungerCousinFathersBrothersDaughter,
    CNLabelContactRelationYoungerCousinFathersBrothersSon,
    CNLabelContactRelationYoungerCousinFathersSistersDaughter,
    CNLabelContactRelationYoungerCousinFathersSistersSon,
    CNLabelContactRelationYoungerCousinMothersBrothersDaughter,
    CNLabelContactRelationYoungerCousinMothersBrothersSon,
    CNLabelContactRelationYoungerCousinMothersSiblingsDaughterOrFathersSistersDaughter,
    CNLabelContactRelationYoungerCousinMothersSiblingsSonOrFathersSistersSon,
    CNLabelContactRelationYoungerCousinMothersSistersDaughter,
    CNLabelContactRelationYoungerCousinMothersSistersSon,
    CNLabelContactRelationYoungerCousinParentsSiblingsDaughter,
    CNLabelContactRelationYoungerCousinParentsSiblingsSon,
    CNLabelContactRelationYoungerSibling,
    CNLabelContactRelationYoungerSiblingInLaw,
    CNLabelContactRelationYoungerSister,
    CNLabelContactRelationYoungerSisterInLaw,
    CNLabelContactRelationYoungestBrother,
    CNLabelContactRelationYoungestSister,
]
