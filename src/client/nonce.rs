//! `g_nonce`: 128 bits from the platform's crypto RNG (`crypto.getRandomValues`,
//! present in windows, workers and Node 19+; the Node entries install Node 18's
//! `webcrypto` as `globalThis.crypto`), base64url without padding (22 chars).

use js_sys::{Reflect, Uint8Array};
use licensing_core::response::{ClientError, ErrorKind};
use wasm_bindgen::{JsCast, JsValue};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding. Hand-written: 15 lines for one fixed use.
pub(crate) fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            let index = (n >> (18 - 6 * i)) & 63;
            out.push(ALPHABET[index as usize] as char);
        }
    }
    out
}

/// A fresh nonce.
pub(crate) fn fresh() -> Result<String, ClientError> {
    let unavailable = |_| ClientError::new(ErrorKind::Network, "no crypto.getRandomValues in this environment");
    let crypto = Reflect::get(&js_sys::global(), &JsValue::from_str("crypto")).map_err(unavailable)?;
    let get_random_values: js_sys::Function = Reflect::get(&crypto, &JsValue::from_str("getRandomValues"))
        .map_err(unavailable)?
        .dyn_into()
        .map_err(unavailable)?;
    let buffer = Uint8Array::new_with_length(16);
    get_random_values.call1(&crypto, &buffer).map_err(unavailable)?;
    Ok(base64url(&buffer.to_vec()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64url_known_values() {
        assert_eq!(super::base64url(b""), "");
        assert_eq!(super::base64url(b"f"), "Zg");
        assert_eq!(super::base64url(b"foobar"), "Zm9vYmFy");
        assert_eq!(super::base64url(&[0xfb, 0xff]), "-_8");
        assert_eq!(super::base64url(&[0u8; 16]).len(), 22);
    }
}
