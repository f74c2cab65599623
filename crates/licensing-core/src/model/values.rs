//! Values of the wire with a meaning of their own: asset numbers and their
//! partitions, and the feature's `trialEndDate` (a Long or a date string).
//!
//! ```
//! use licensing_core::model::{AssetNumber, Partition};
//! let n: AssetNumber = "6000000042".parse()?;
//! assert_eq!(n.partition(), Partition::Singapore);
//! assert!("7000000042".parse::<AssetNumber>().is_err());
//! # Ok::<(), licensing_core::model::AssetNumberError>(())
//! ```

use serde::{Deserialize, Serialize};

/// A feature's `trialEndDate`: the spec says "date" without a format, so both a
/// Long timestamp and a date string are accepted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DateValue {
    /// A Long timestamp (its unit is not shown by the spec).
    Millis(i64),
    /// A date string (its format is not shown by the spec).
    Text(String),
}

/// Partition named by an asset number's first digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Partition {
    /// marker `8`
    Domestic,
    /// marker `6`
    Singapore,
}

impl Partition {
    /// The partition marker digit.
    pub fn marker(self) -> u8 {
        match self {
            Self::Domestic => b'8',
            Self::Singapore => b'6',
        }
    }
}

/// Why a string is not an asset number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AssetNumberError {
    /// Not exactly 10 ASCII digits.
    Format,
    /// 10 digits, but the first is neither 8 nor 6.
    Partition,
}

impl core::fmt::Display for AssetNumberError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::Format => "an asset number is exactly 10 ASCII digits",
            Self::Partition => "an asset number starts with 8 (domestic) or 6 (Singapore)",
        })
    }
}

impl std::error::Error for AssetNumberError {}

/// Checks an asset number: exactly 10 ASCII digits, partition marker 8 or 6.
pub fn check_asset_number(s: &str) -> Result<Partition, AssetNumberError> {
    let bytes = s.as_bytes();
    if bytes.len() != 10 || !bytes.iter().all(u8::is_ascii_digit) {
        return Err(AssetNumberError::Format);
    }
    match bytes.first() {
        Some(b'8') => Ok(Partition::Domestic),
        Some(b'6') => Ok(Partition::Singapore),
        _ => Err(AssetNumberError::Partition),
    }
}

/// A checked asset number digit string (10 digits, marker 8 or 6).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AssetNumber(String);

impl AssetNumber {
    /// The digit string.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// The partition named by the first digit.
    pub fn partition(&self) -> Partition {
        if self.0.starts_with('6') {
            Partition::Singapore
        } else {
            Partition::Domestic
        }
    }
    /// The 9-digit sequence after the partition marker.
    pub fn sequence(&self) -> u64 {
        self.0.get(1..).and_then(|s| s.parse().ok()).unwrap_or(0)
    }
    /// Builds the number for a partition and a sequence below 10⁹.
    pub fn from_parts(partition: Partition, sequence: u64) -> Option<Self> {
        (sequence < 1_000_000_000).then(|| Self(format!("{}{:09}", partition.marker() as char, sequence)))
    }
}

impl core::str::FromStr for AssetNumber {
    type Err = AssetNumberError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        check_asset_number(s).map(|_| Self(s.to_owned()))
    }
}

impl TryFrom<String> for AssetNumber {
    type Error = AssetNumberError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        check_asset_number(&s).map(|_| Self(s))
    }
}

impl From<AssetNumber> for String {
    fn from(n: AssetNumber) -> String {
        n.0
    }
}

impl core::fmt::Display for AssetNumber {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}
