//! Seeds derived from the match seed, so that every game is reproducible on its own.

/// SplitMix64's finaliser.
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A seed for purpose `tag` and index `index` under the match seed `seed`.
pub fn mix(seed: u64, tag: u64, index: u64) -> u64 {
    splitmix(splitmix(splitmix(seed) ^ tag) ^ index)
}
