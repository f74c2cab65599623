//! `g_nonce`: 128 bits from the transport's cryptographic random source
//! (`crypto.getRandomValues` in wasm, the OS natively), base64url without
//! padding: 22 characters. The same source gives the backoff its jitter.

use licensing_core::response::ClientError;

use crate::transport::Platform;

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
pub(crate) fn fresh<P: Platform + ?Sized>(platform: &P) -> Result<String, ClientError> {
    let mut bytes = [0u8; 16];
    platform.random(&mut bytes)?;
    Ok(base64url(&bytes))
}

/// A number in [0, 1) for the backoff's jitter (0 if the source fails: the
/// backoff is then its fixed half, never zero).
pub(crate) fn jitter<P: Platform + ?Sized>(platform: &P) -> f64 {
    let mut bytes = [0u8; 4];
    match platform.random(&mut bytes) {
        Ok(()) => f64::from(u32::from_le_bytes(bytes)) / 4_294_967_296.0,
        Err(_) => 0.0,
    }
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
