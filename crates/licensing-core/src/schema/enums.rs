//! Every enumerated field of the service, each defined once.
//!
//! ```
//! use licensing_core::model::{LicenseType, OrderType, WireEnum};
//! assert_eq!(LicenseType::CloudAccount.as_str(), "cloud_account");
//! assert_eq!("delete_asset".parse::<OrderType>(), Ok(OrderType::DeleteAsset));
//! assert!(LicenseType::WIRE.contains(&"softkey"));
//! ```
//!
//! The validator reads [`WireEnum::WIRE`] so that the allowed values it checks are
//! exactly the ones the types (de)serialize; there is no second list to drift.

use serde::{Deserialize, Serialize};
use serde_repr::{Deserialize_repr, Serialize_repr};

use super::{enum_def, enum_value, int_enum_def, int_enum_value, EnumDef, IntEnumDef};

/// An enumeration whose wire form is one of a fixed set of case-sensitive strings.
pub trait WireEnum: Sized + Copy + 'static {
    /// Every wire value, in the spec's order.
    const WIRE: &'static [&'static str];
    /// Every variant, in the same order as [`WireEnum::WIRE`].
    const ALL: &'static [Self];
    /// The wire value of this variant.
    fn as_str(self) -> &'static str;
}

/// The wire value was not one of the allowed, case-sensitive values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownVariant;

impl core::fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("not an allowed value")
    }
}

impl std::error::Error for UnknownVariant {}

/// Defines a string enumeration once: the Rust enum (serde wire names), its
/// [`WireEnum`] lists, and its [`EnumDef`] for the tables and the generators
/// (docs included: every doc line of the type and of each variant).
macro_rules! wire_enum {
    ($(#[doc = $doc:literal])* $name:ident { $($(#[doc = $vdoc:literal])* $variant:ident = $wire:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        ///
        /// `#[non_exhaustive]`: the service may add values; a `match` in
        /// another crate keeps a `_` arm so that adding one is not a breaking change.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[doc = $vdoc])* #[serde(rename = $wire)] $variant,)+
        }
        impl WireEnum for $name {
            const WIRE: &'static [&'static str] = &[$($wire),+];
            const ALL: &'static [Self] = &[$(Self::$variant),+];
            fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $wire,)+ }
            }
        }
        impl $name {
            /// The wire value of this variant.
            pub fn as_str(self) -> &'static str { WireEnum::as_str(self) }
            /// The enumeration as the tables and the generators read it.
            pub const DEF: EnumDef = enum_def(
                stringify!($name),
                concat!($($doc, "\n"),*),
                &[$(enum_value($wire, stringify!($variant), concat!("", $($vdoc),*))),+],
            );
        }
        impl core::str::FromStr for $name {
            type Err = UnknownVariant;
            fn from_str(s: &str) -> Result<Self, UnknownVariant> {
                match s { $($wire => Ok(Self::$variant),)+ _ => Err(UnknownVariant) }
            }
        }
        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

wire_enum! {
    /// `licenseType`: the license types of the spec.
    LicenseType {
        /// standalone, non-recoverable lock
        NormalUnrecoverUsbkey = "normal_unrecover_usbkey",
        /// standalone, recoverable lock
        NormalRecoverUsbkey = "normal_recover_usbkey",
        /// network, non-recoverable lock
        NormalUnrecoverLanUsbkey = "normal_unrecover_lan_usbkey",
        /// network, recoverable lock
        NormalRecoverLanUsbkey = "normal_recover_lan_usbkey",
        /// standalone identity lock
        IdentityUsbkey = "identity_usbkey",
        /// network identity lock
        IdentityLanUsbkey = "identity_lan_usbkey",
        /// standalone certificate
        Softkey = "softkey",
        /// network certificate
        LanSoftkey = "lan_softkey",
        /// product entity
        ProductEntity = "product_entity",
        /// cloud account
        CloudAccount = "cloud_account",
        /// enterprise cloud account authorization
        CloudCustomer = "cloud_customer",
        /// personal cloud account authorization
        CloudPersonal = "cloud_personal",
        /// product lock
        LkProductUsbkey = "lk_product_usbkey",
        /// login lock
        LkAuthUsbkey = "lk_auth_usbkey",
    }
}

impl LicenseType {
    /// The cloud licenses, for which a refund must name `srcLicenseOrderId`.
    /// Every value is listed (no `_`): a new one does not compile until it is
    /// classified here.
    pub fn is_cloud(self) -> bool {
        match self {
            Self::CloudAccount | Self::CloudCustomer | Self::CloudPersonal => true,
            Self::NormalUnrecoverUsbkey
            | Self::NormalRecoverUsbkey
            | Self::NormalUnrecoverLanUsbkey
            | Self::NormalRecoverLanUsbkey
            | Self::IdentityUsbkey
            | Self::IdentityLanUsbkey
            | Self::Softkey
            | Self::LanSoftkey
            | Self::ProductEntity
            | Self::LkProductUsbkey
            | Self::LkAuthUsbkey => false,
        }
    }
}

wire_enum! {
    /// `orderType`.
    OrderType {
        /// new purchase
        NewBuy = "new_buy",
        /// revoke assets
        DeleteAsset = "delete_asset",
        /// revoke products
        DeleteProduct = "delete_product",
    }
}

impl OrderType {
    /// Refund-type orders (they delete from an earlier order).
    pub fn is_refund(self) -> bool {
        matches!(self, Self::DeleteAsset | Self::DeleteProduct)
    }
}

wire_enum! {
    /// `syncMode`: the batch order's processing mode (the difference between the two is not shown by the spec).
    SyncMode {
        /// synchronous processing
        Sync = "sync",
        /// asynchronous processing (the answer may come without data)
        Async = "async",
    }
}

wire_enum! {
    /// `customerType` of an order.
    CustomerType {
        /// a person
        Personal = "personal",
        /// a company
        Company = "company",
    }
}

wire_enum! {
    /// `defaultCustomer` query parameter: `Y` only the default customer, `N` all.
    DefaultCustomer {
        /// only the default customer
        Yes = "Y",
        /// all customers
        No = "N",
    }
}

wire_enum! {
    /// `activateType` of a claimed product: `"0"` activated on claim, `"1"` activated later.
    ActivateType {
        /// activated at the time of claiming
        OnClaim = "0",
        /// must be activated separately later
        Later = "1",
    }
}

/// Defines an integer enumeration once: the Rust enum (serde as integers), its
/// value lists and its [`IntEnumDef`] for the tables and the generators.
macro_rules! int_enum {
    ($(#[doc = $doc:literal])* $name:ident { $($(#[doc = $vdoc:literal])* $variant:ident = $val:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        ///
        /// `#[non_exhaustive]`: the service may add values.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize_repr, Deserialize_repr)]
        #[repr(u8)]
        #[non_exhaustive]
        pub enum $name { $($(#[doc = $vdoc])* $variant = $val,)+ }
        impl $name {
            /// The enumeration as the tables and the generators read it.
            pub const DEF: IntEnumDef = int_enum_def(
                stringify!($name),
                concat!($($doc, "\n"),*),
                &[$(int_enum_value($val, stringify!($variant), concat!("", $($vdoc),*))),+],
            );
            /// Every allowed integer value.
            pub const VALUES: &'static [i64] = &[$($val),+];
            /// Every variant.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];
            /// The variant for a wire integer.
            pub fn from_i64(v: i64) -> Option<Self> {
                match v { $($val => Some(Self::$variant),)+ _ => None }
            }
        }
    };
}

int_enum! {
    /// `trial`: 0 not a trial, 1 trial.
    Trial {
        /// not a trial
        No = 0,
        /// trial
        Yes = 1,
    }
}

int_enum! {
    /// Lock operation `status`.
    LockStatus {
        /// success
        Success = 1,
        /// lock does not exist
        UnknownLock = 2,
        /// failure
        Failure = 3,
        /// wrong lock type
        WrongLockType = 4,
    }
}

int_enum! {
    /// `keyChipType` of an asset record: 1 generation-4 lock, 2 generation-5 lock.
    KeyChipType {
        /// generation-4 lock
        Gen4 = 1,
        /// generation-5 lock
        Gen5 = 2,
    }
}
