//! How long to wait before a retry.

/// Backoff before retry `attempt` (1-based): exponential from `base_ms`, capped at
/// 10 s, with full jitter from `random` in [0, 1).
pub fn backoff_ms(attempt: u32, base_ms: u32, random: f64) -> u32 {
    let ceiling = u64::from(base_ms).saturating_mul(1u64 << attempt.min(16)).min(10_000);
    let jitter = random.clamp(0.0, 1.0);
    // Half fixed, half random: never zero, never a thundering herd.
    (ceiling as f64 * (0.5 + 0.5 * jitter)) as u32
}
