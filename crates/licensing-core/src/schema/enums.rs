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
/// (docs included: every doc line of the type and of each variant). Each value
/// carries its doc (the spec's words) and `#[zh = "…"]`, its name in Simplified
/// Chinese (forms show it; `licensing-sdk/meta` has it): a value without one
/// does not compile.
macro_rules! wire_enum {
    ($(#[doc = $doc:literal])* $name:ident { $($(#[doc = $vdoc:literal])* #[zh = $zh:literal] $variant:ident = $wire:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        ///
        /// `#[non_exhaustive]`: the service may add values; a `match` in
        /// another crate keeps a `_` arm so that adding one is not a breaking change.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ::serde::Serialize, ::serde::Deserialize)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[doc = $vdoc])* #[serde(rename = $wire)] $variant,)+
        }
        impl $crate::schema::enums::WireEnum for $name {
            const WIRE: &'static [&'static str] = &[$($wire),+];
            const ALL: &'static [Self] = &[$(Self::$variant),+];
            fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $wire,)+ }
            }
        }
        impl $name {
            /// The wire value of this variant.
            pub fn as_str(self) -> &'static str { $crate::schema::enums::WireEnum::as_str(self) }
            /// The enumeration as the tables and the generators read it.
            pub const DEF: $crate::schema::EnumDef = $crate::schema::enum_def(
                stringify!($name),
                concat!($($doc, "\n"),*),
                &[$($crate::schema::enum_value($wire, stringify!($variant), concat!("", $($vdoc),*), $zh)),+],
            );
        }
        impl core::str::FromStr for $name {
            type Err = $crate::schema::enums::UnknownVariant;
            fn from_str(s: &str) -> Result<Self, $crate::schema::enums::UnknownVariant> {
                match s { $($wire => Ok(Self::$variant),)+ _ => Err($crate::schema::enums::UnknownVariant) }
            }
        }
        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
// An endpoint's file defines the enumerations only it uses with it (none of
// the files does now).
#[allow(unused_imports)]
pub(crate) use wire_enum;

wire_enum! {
    /// `licenseType`: the license types of the spec.
    LicenseType {
        /// standalone, non-recoverable lock
        #[zh = "单机不可回收锁"]
        NormalUnrecoverUsbkey = "normal_unrecover_usbkey",
        /// standalone, recoverable lock
        #[zh = "单机可回收锁"]
        NormalRecoverUsbkey = "normal_recover_usbkey",
        /// network, non-recoverable lock
        #[zh = "网络不可回收锁"]
        NormalUnrecoverLanUsbkey = "normal_unrecover_lan_usbkey",
        /// network, recoverable lock
        #[zh = "网络可回收锁"]
        NormalRecoverLanUsbkey = "normal_recover_lan_usbkey",
        /// standalone identity lock
        #[zh = "单机身份锁"]
        IdentityUsbkey = "identity_usbkey",
        /// network identity lock
        #[zh = "网络身份锁"]
        IdentityLanUsbkey = "identity_lan_usbkey",
        /// standalone certificate
        #[zh = "单机证书"]
        Softkey = "softkey",
        /// network certificate
        #[zh = "网络证书"]
        LanSoftkey = "lan_softkey",
        /// product entity
        #[zh = "产品实体"]
        ProductEntity = "product_entity",
        /// cloud account
        #[zh = "云账号"]
        CloudAccount = "cloud_account",
        /// enterprise cloud account authorization
        #[zh = "企业云账号授权"]
        CloudCustomer = "cloud_customer",
        /// personal cloud account authorization
        #[zh = "个人云账号授权"]
        CloudPersonal = "cloud_personal",
        /// product lock
        #[zh = "产品锁"]
        LkProductUsbkey = "lk_product_usbkey",
        /// login lock
        #[zh = "登录锁"]
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

    /// The locks `lockAssets` / `unlockAssets` can disable and enable. The spec:
    /// "Only recoverable locks and large-customer locks can be disabled".
    /// Recoverable locks are the two `normal_recover_*` types. The spec names no
    /// "large-customer" licence type; the asset record says limits and staff
    /// assignment are "meaningful for large-customer locks", which fits the
    /// `lk_*` locks (product lock, login lock), the only other lock family that
    /// is neither standalone/network nor an identity lock bound to one person.
    /// Every value is listed (no `_`): a new one does not compile until it is
    /// classified here.
    pub fn is_lockable(self) -> bool {
        match self {
            Self::NormalRecoverUsbkey | Self::NormalRecoverLanUsbkey | Self::LkProductUsbkey | Self::LkAuthUsbkey => {
                true
            }
            Self::NormalUnrecoverUsbkey
            | Self::NormalUnrecoverLanUsbkey
            | Self::IdentityUsbkey
            | Self::IdentityLanUsbkey
            | Self::Softkey
            | Self::LanSoftkey
            | Self::ProductEntity
            | Self::CloudAccount
            | Self::CloudCustomer
            | Self::CloudPersonal => false,
        }
    }
}

wire_enum! {
    /// `orderType`.
    OrderType {
        /// new purchase
        #[zh = "新购"]
        NewBuy = "new_buy",
        /// revoke assets
        #[zh = "退资产"]
        DeleteAsset = "delete_asset",
        /// revoke products
        #[zh = "退产品"]
        DeleteProduct = "delete_product",
    }
}

impl OrderType {
    /// Refund-type orders (they delete from an earlier order). Every value is
    /// listed (no `_`): a new one does not compile until it is classified here.
    pub fn is_refund(self) -> bool {
        match self {
            Self::DeleteAsset | Self::DeleteProduct => true,
            Self::NewBuy => false,
        }
    }
}

wire_enum! {
    /// `syncMode`: the batch order's processing mode (the difference between the two is not shown by the spec).
    SyncMode {
        /// synchronous processing
        #[zh = "同步"]
        Sync = "sync",
        /// asynchronous processing (the answer may come without data)
        #[zh = "异步"]
        Async = "async",
    }
}

wire_enum! {
    /// `customerType` of an order.
    CustomerType {
        /// a person
        #[zh = "个人"]
        Personal = "personal",
        /// a company
        #[zh = "企业"]
        Company = "company",
    }
}

wire_enum! {
    /// `defaultCustomer` query parameter: `Y` only the default customer, `N` all.
    DefaultCustomer {
        /// only the default customer
        #[zh = "仅默认客户"]
        Yes = "Y",
        /// all customers
        #[zh = "全部客户"]
        No = "N",
    }
}

wire_enum! {
    /// `activateType` of a claimed product: `"0"` activated on claim, `"1"` activated later.
    ActivateType {
        /// activated at the time of claiming
        #[zh = "领取时激活"]
        OnClaim = "0",
        /// must be activated separately later
        #[zh = "之后单独激活"]
        Later = "1",
    }
}

/// Defines an integer enumeration once: the Rust enum (serde as integers), its
/// value lists and its [`IntEnumDef`] for the tables and the generators; each
/// value with its doc and `#[zh = "…"]`, as in `wire_enum!`.
macro_rules! int_enum {
    ($(#[doc = $doc:literal])* $name:ident { $($(#[doc = $vdoc:literal])* #[zh = $zh:literal] $variant:ident = $val:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        ///
        /// `#[non_exhaustive]`: the service may add values.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ::serde_repr::Serialize_repr, ::serde_repr::Deserialize_repr)]
        #[repr(u8)]
        #[non_exhaustive]
        pub enum $name { $($(#[doc = $vdoc])* $variant = $val,)+ }
        impl $name {
            /// The enumeration as the tables and the generators read it.
            pub const DEF: $crate::schema::IntEnumDef = $crate::schema::int_enum_def(
                stringify!($name),
                concat!($($doc, "\n"),*),
                &[$($crate::schema::int_enum_value($val, stringify!($variant), concat!("", $($vdoc),*), $zh)),+],
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
#[allow(unused_imports)] // as `wire_enum!`
pub(crate) use int_enum;

int_enum! {
    /// `trial`: 0 not a trial, 1 trial.
    Trial {
        /// not a trial
        #[zh = "非试用"]
        No = 0,
        /// trial
        #[zh = "试用"]
        Yes = 1,
    }
}

int_enum! {
    /// Lock operation `status`.
    LockStatus {
        /// success
        #[zh = "成功"]
        Success = 1,
        /// lock does not exist
        #[zh = "锁不存在"]
        UnknownLock = 2,
        /// failure
        #[zh = "失败"]
        Failure = 3,
        /// wrong lock type
        #[zh = "锁类型错误"]
        WrongLockType = 4,
    }
}

int_enum! {
    /// `keyChipType` of an asset record: 1 generation-4 lock, 2 generation-5 lock.
    KeyChipType {
        /// generation-4 lock
        #[zh = "四代锁"]
        Gen4 = 1,
        /// generation-5 lock
        #[zh = "五代锁"]
        Gen5 = 2,
    }
}

#[cfg(test)]
mod tests {
    use super::LicenseType;
    use crate::schema::WireEnum;

    /// Cloud licences whose wire value is not of the spec's `cloud_*` family
    /// (none the spec names): a new one that is goes here, beside its value.
    const CLOUD_OUTSIDE_THE_FAMILY: &[LicenseType] = &[];

    #[test]
    fn the_cloud_licences_are_the_cloud_family() {
        for &t in LicenseType::ALL {
            assert_eq!(
                t.is_cloud(),
                t.as_str().starts_with("cloud_") || CLOUD_OUTSIDE_THE_FAMILY.contains(&t),
                "{}: a cloud licence is one whose wire value starts with `cloud_` (the spec's family): classify \
                 it in `LicenseType::is_cloud`, or, for a cloud licence outside the family, name it in \
                 `CLOUD_OUTSIDE_THE_FAMILY` (both in this file)",
                t.as_str()
            );
        }
    }
}
