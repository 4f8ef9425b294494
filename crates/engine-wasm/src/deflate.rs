//! Raw DEFLATE (RFC 1951) for the short JSON texts the service packs into URLs.
//!
//! The service sends each request's JSON, a few hundred bytes to a few kilobytes, as
//! `base64url(raw DEFLATE(json))`. Node's zlib spends most of its ~35 µs per call setting up and
//! freeing a 256 KB state, so this encoder sizes its hash chains and token buffer from the input
//! length and keeps its Huffman work in small fixed arrays on the stack. It follows zlib level 6
//! (hash chains of 128, one-step lazy matching, dynamic Huffman blocks) because every byte it loses
//! against zlib pushes more URLs over the 2,000-character limit.

/// The farthest back a match may reach.
const WINDOW_SIZE: usize = 32_768;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;

// zlib's level 6 search parameters, its ratio being the product target, except that lazy matching
// goes on after matches of up to 32 bytes where zlib level 6 stops at 16: on the service's JSON
// that took the output from about 1% longer than miniz level 6's to within 0.1%, for little time.
const MAX_CHAIN: usize = 128;
/// A match this long already makes a deeper lazy search a poor trade, so it is cut to a quarter.
const GOOD_LENGTH: usize = 8;
/// Matches at least this long are taken without looking one byte ahead.
const MAX_LAZY: usize = 32;
/// A match this long ends the chain walk: longer ones save too little to keep searching.
const NICE_LENGTH: usize = 128;
/// A 3-byte match farther back than this costs more bits than its three literals.
const TOO_FAR: usize = 4096;

/// Tokens per block: keeps the token buffer bounded and lets long inputs adapt their codes.
const BLOCK_TOKENS: usize = 16_384;
/// Input compressed with one set of hash chains: positions below this fit the chains' `u32`
/// entries. Only inputs far beyond the service's are split, and matches do not cross the split.
const MAX_SEGMENT: usize = 1 << 30;
/// Marks an empty hash head or chain link; no position reaches it.
const NO_POSITION: u32 = u32::MAX;
/// The largest stored block RFC 1951 allows (its length field is 16 bits).
const MAX_STORED_BLOCK: usize = 65_535;

const LITERAL_LENGTH_SYMBOLS: usize = 286;
const DISTANCE_SYMBOLS: usize = 30;
const CODE_LENGTH_SYMBOLS: usize = 19;
const END_OF_BLOCK: usize = 256;
const MAX_CODE_BITS: u8 = 15;
/// Low bits of a Huffman sort key holding the symbol (all alphabets have under 512).
const SYMBOL_KEY_BITS: u32 = 9;
const MAX_CODE_LENGTH_BITS: u8 = 7;

/// Extra bits after each length symbol 257..=285.
const LENGTH_EXTRA_BITS: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Extra bits after each distance symbol 0..=29.
const DISTANCE_EXTRA_BITS: [u8; DISTANCE_SYMBOLS] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order RFC 1951 sends code-length code lengths in, rarely used ones last so they can be cut.
const CODE_LENGTH_ORDER: [usize; CODE_LENGTH_SYMBOLS] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// Raw DEFLATE (RFC 1951, no zlib or gzip header) of `input`, readable by any inflater (Node's
/// `zlib.inflateRawSync`).
///
/// It exists for the service's short texts: unlike zlib it sets up no fixed 256 KB state per call,
/// sizing its tables from the input length, so a few hundred bytes compress in a few microseconds
/// while the output stays within a few percent of zlib level 6.
pub fn deflate_raw(input: &[u8]) -> Vec<u8> {
    let mut writer = BitWriter::with_capacity(input.len() / 2 + 16);
    let mut block = TokenBlock::with_capacity(input.len().min(BLOCK_TOKENS + MAX_LAZY));
    let mut rest = input;
    loop {
        let (segment, after) = rest.split_at(rest.len().min(MAX_SEGMENT));
        // Each segment has its own chains; blocks run on across segments as one stream.
        let mut matcher = MatchFinder::new(segment);
        loop {
            let block_start = matcher.position;
            let more = matcher.fill_block(&mut block);
            let raw = segment
                .get(block_start..matcher.position)
                .unwrap_or_default();
            write_block(&mut writer, &block, raw, !more && after.is_empty());
            block.clear();
            if !more {
                break;
            }
        }
        if after.is_empty() {
            return writer.finish();
        }
        rest = after;
    }
}

/// One LZ77 output item. A match's length is 3..=258 and its distance 1..=32,768.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Literal(u8),
    Match { length: u16, distance: u16 },
}

/// A block's tokens and the symbol frequencies its Huffman codes are built from.
struct TokenBlock {
    tokens: Vec<Token>,
    literal_frequencies: [u32; LITERAL_LENGTH_SYMBOLS],
    distance_frequencies: [u32; DISTANCE_SYMBOLS],
}

impl TokenBlock {
    fn with_capacity(capacity: usize) -> Self {
        let mut block = Self {
            tokens: Vec::with_capacity(capacity),
            literal_frequencies: [0; LITERAL_LENGTH_SYMBOLS],
            distance_frequencies: [0; DISTANCE_SYMBOLS],
        };
        block.clear();
        block
    }

    fn clear(&mut self) {
        self.tokens.clear();
        self.literal_frequencies = [0; LITERAL_LENGTH_SYMBOLS];
        self.distance_frequencies = [0; DISTANCE_SYMBOLS];
        // Every block ends with exactly one end-of-block symbol.
        self.literal_frequencies[END_OF_BLOCK] = 1;
    }

    fn push_literal(&mut self, literal: u8) {
        self.tokens.push(Token::Literal(literal));
        self.literal_frequencies[usize::from(literal)] += 1;
    }

    fn push_match(&mut self, found: Match) {
        self.tokens.push(Token::Match {
            length: found.length as u16,
            distance: found.distance as u16,
        });
        self.literal_frequencies[length_symbol(found.length).symbol] += 1;
        self.distance_frequencies[distance_symbol(found.distance).symbol] += 1;
    }
}

#[derive(Clone, Copy, Debug)]
struct Match {
    length: usize,
    distance: usize,
}

/// A Huffman symbol with the extra bits that follow it.
struct SymbolWithExtra {
    symbol: usize,
    extra_bits: u32,
    extra_value: u32,
}

/// The length symbol (257..=285) of a match length 3..=258.
fn length_symbol(length: usize) -> SymbolWithExtra {
    let offset = length.saturating_sub(MIN_MATCH);
    if offset < 8 {
        return SymbolWithExtra {
            symbol: 257 + offset,
            extra_bits: 0,
            extra_value: 0,
        };
    }
    if offset >= MAX_MATCH - MIN_MATCH {
        // 258 has its own symbol rather than 284 with all extra bits set.
        return SymbolWithExtra {
            symbol: 285,
            extra_bits: 0,
            extra_value: 0,
        };
    }
    // Each power of two from 8 up is split into four symbols sharing `top - 2` extra bits.
    let top = usize::BITS - 1 - offset.leading_zeros();
    let extra_bits = top - 2;
    SymbolWithExtra {
        symbol: 257 + 4 * (top as usize - 1) + ((offset >> extra_bits) & 3),
        extra_bits,
        extra_value: (offset & ((1 << extra_bits) - 1)) as u32,
    }
}

/// The distance symbol (0..=29) of a distance 1..=32,768.
fn distance_symbol(distance: usize) -> SymbolWithExtra {
    let offset = distance.saturating_sub(1);
    if offset < 4 {
        return SymbolWithExtra {
            symbol: offset,
            extra_bits: 0,
            extra_value: 0,
        };
    }
    // Each power of two from 4 up is split into two symbols sharing `top - 1` extra bits.
    let top = usize::BITS - 1 - offset.leading_zeros();
    let extra_bits = top - 1;
    SymbolWithExtra {
        symbol: 2 * top as usize + ((offset >> extra_bits) & 1),
        extra_bits,
        extra_value: (offset & ((1 << extra_bits) - 1)) as u32,
    }
}

/// Hash chains over the input, found by the first three bytes of each position.
struct MatchFinder<'a> {
    input: &'a [u8],
    /// The latest position per hash.
    head: Vec<u32>,
    /// The previous position with the same hash, per position modulo the window: as long as the
    /// input up to 32 KB, so short inputs allocate little.
    prev: Vec<u32>,
    hash_shift: u32,
    /// Positions below this one are in the chains.
    next_insert: usize,
    /// Input before this position has been turned into tokens.
    position: usize,
}

impl<'a> MatchFinder<'a> {
    fn new(input: &'a [u8]) -> Self {
        // About one head per two input bytes: a larger table left the output unchanged on the
        // service's JSON, and a smaller one is less to allocate and fill.
        let hash_bits = input
            .len()
            .max(1)
            .next_power_of_two()
            .trailing_zeros()
            .saturating_sub(1)
            .clamp(8, 15);
        Self {
            input,
            head: vec![NO_POSITION; 1 << hash_bits],
            prev: vec![NO_POSITION; input.len().min(WINDOW_SIZE)],
            hash_shift: u32::BITS - hash_bits,
            next_insert: 0,
            position: 0,
        }
    }

    fn hash(&self, position: usize) -> Option<usize> {
        let bytes = self.input.get(position..position + MIN_MATCH)?;
        let key = bytes
            .iter()
            .rev()
            .fold(0u32, |key, &byte| (key << 8) | u32::from(byte));
        Some((key.wrapping_mul(0x9E37_79B1) >> self.hash_shift) as usize)
    }

    /// Adds every position up to and including `last` to the chains, so matches inside earlier
    /// matches are still found later (as zlib level 6 does).
    fn insert_through(&mut self, last: usize) {
        while self.next_insert <= last {
            let position = self.next_insert;
            self.next_insert += 1;
            let Some(hash) = self.hash(position) else {
                // The last two bytes cannot start a match.
                continue;
            };
            // A position indexes `prev` directly below 32 KB and by its window offset beyond.
            self.prev[position % WINDOW_SIZE] = self.head[hash];
            self.head[hash] = position as u32;
        }
    }

    /// The nearest of the longest matches at `position` longer than `to_beat`, walking at most
    /// `chain` earlier positions. `position` must already be in the chains.
    fn longest_match(&self, position: usize, to_beat: usize, mut chain: usize) -> Option<Match> {
        let mut candidate = self.prev[position % WINDOW_SIZE] as usize;
        let limit = position.saturating_sub(WINDOW_SIZE);
        let max_length = self.input.len().saturating_sub(position).min(MAX_MATCH);
        let mut best_length = to_beat.max(MIN_MATCH - 1);
        // Most positions of a short text have no earlier position with the same hash.
        if candidate >= position || candidate < limit || max_length <= best_length {
            return None;
        }
        let current = self.input.get(position..position + max_length)?;
        let mut best = None;
        // Chains only run backwards; anything else is an empty slot or a slot the window reused.
        while candidate < position && candidate >= limit && chain > 0 {
            let earlier = self.input.get(candidate..candidate + max_length)?;
            // Comparing the byte that would make the match longer first rejects most candidates.
            if earlier.get(best_length) == current.get(best_length) {
                let length = common_prefix_length(earlier, current);
                if length > best_length {
                    best_length = length;
                    best = Some(Match {
                        length,
                        distance: position - candidate,
                    });
                    if length >= NICE_LENGTH.min(max_length) {
                        break;
                    }
                }
            }
            chain -= 1;
            let next = self.prev[candidate % WINDOW_SIZE] as usize;
            if next >= candidate {
                break;
            }
            candidate = next;
        }
        best.filter(|found| found.length > MIN_MATCH || found.distance <= TOO_FAR)
    }

    /// Tokenises input into `block` until it is full; false once the input is used up.
    fn fill_block(&mut self, block: &mut TokenBlock) -> bool {
        let input = self.input;
        while let Some(&literal) = input.get(self.position) {
            if block.tokens.len() >= BLOCK_TOKENS {
                return true;
            }
            let mut start = self.position;
            self.insert_through(start);
            let Some(mut found) = self.longest_match(start, 0, MAX_CHAIN) else {
                block.push_literal(literal);
                self.position += 1;
                continue;
            };
            // One-step lazy evaluation: a longer match one byte on is worth a literal.
            while found.length < MAX_LAZY {
                let Some(&skipped) = input.get(start) else {
                    break;
                };
                let chain = if found.length >= GOOD_LENGTH {
                    MAX_CHAIN / 4
                } else {
                    MAX_CHAIN
                };
                self.insert_through(start + 1);
                match self.longest_match(start + 1, found.length, chain) {
                    Some(longer) => {
                        block.push_literal(skipped);
                        start += 1;
                        found = longer;
                    }
                    None => break,
                }
            }
            block.push_match(found);
            self.position = start + found.length;
        }
        false
    }
}

fn common_prefix_length(a: &[u8], b: &[u8]) -> usize {
    let mut length = 0;
    for (a_word, b_word) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let (Ok(a_word), Ok(b_word)) = (<[u8; 8]>::try_from(a_word), <[u8; 8]>::try_from(b_word))
        else {
            break;
        };
        let difference = u64::from_le_bytes(a_word) ^ u64::from_le_bytes(b_word);
        if difference != 0 {
            return length + (difference.trailing_zeros() / 8) as usize;
        }
        length += 8;
    }
    let a_tail = a.get(length..).unwrap_or_default();
    let b_tail = b.get(length..).unwrap_or_default();
    length
        + a_tail
            .iter()
            .zip(b_tail)
            .take_while(|(x, y)| x == y)
            .count()
}

/// Bits packed least significant first, as RFC 1951 requires.
struct BitWriter {
    bytes: Vec<u8>,
    pending: u64,
    pending_bits: u32,
}

impl BitWriter {
    fn with_capacity(capacity: usize) -> Self {
        Self {
            bytes: Vec::with_capacity(capacity),
            pending: 0,
            pending_bits: 0,
        }
    }

    /// Appends the low `count` (at most 32) bits of `bits`.
    fn write(&mut self, bits: u32, count: u32) {
        self.pending |= u64::from(bits) << self.pending_bits;
        self.pending_bits += count;
        // Fewer than 32 bits stay pending, so the next write of up to 32 still fits in 64.
        if self.pending_bits >= 32 {
            self.bytes
                .extend_from_slice(&(self.pending as u32).to_le_bytes());
            self.pending >>= 32;
            self.pending_bits -= 32;
        }
    }

    fn align_to_byte(&mut self) {
        while self.pending_bits > 0 {
            self.bytes.push(self.pending as u8);
            self.pending >>= 8;
            self.pending_bits = self.pending_bits.saturating_sub(8);
        }
        self.pending = 0;
    }

    fn finish(mut self) -> Vec<u8> {
        self.align_to_byte();
        self.bytes
    }
}

/// A prefix code: per symbol its length in bits (0 when unused) and its bit-reversed code.
struct HuffmanCode<const N: usize> {
    lengths: [u8; N],
    codes: [u16; N],
}

impl<const N: usize> HuffmanCode<N> {
    fn from_frequencies(frequencies: &[u32; N], max_bits: u8) -> Self {
        let mut lengths = [0; N];
        build_code_lengths(frequencies, max_bits, &mut lengths);
        Self::from_lengths(lengths)
    }

    fn from_lengths(lengths: [u8; N]) -> Self {
        let mut codes = [0; N];
        assign_canonical_codes(&lengths, &mut codes);
        Self { lengths, codes }
    }

    /// The symbol's code followed by `extra_bits` bits of `extra_value`.
    fn write(&self, writer: &mut BitWriter, symbol: usize, extra_bits: u32, extra_value: u32) {
        let length = u32::from(self.lengths[symbol]);
        let code = u32::from(self.codes[symbol]) | (extra_value << length);
        writer.write(code, length + extra_bits);
    }

    /// Bits this code spends on symbols with these frequencies.
    fn cost(&self, frequencies: &[u32; N]) -> u64 {
        self.lengths
            .iter()
            .zip(frequencies)
            .map(|(&length, &frequency)| u64::from(length) * u64::from(frequency))
            .sum()
    }

    /// How many leading symbols must be sent to cover every used one, at least `minimum`.
    fn used_prefix(&self, minimum: usize) -> usize {
        let used = self
            .lengths
            .iter()
            .rposition(|&length| length > 0)
            .map_or(0, |last| last + 1);
        used.max(minimum)
    }
}

/// Huffman code lengths of at most `max_bits` for `frequencies`, written to `lengths`.
///
/// At least two symbols always get a code, as zlib's encoder ensures: some inflaters reject a code
/// with a single one-bit entry or no distance code at all, and the spare costs a header entry.
fn build_code_lengths(frequencies: &[u32], max_bits: u8, lengths: &mut [u8]) {
    lengths.fill(0);
    // One integer per symbol, frequency above symbol, sorts several times faster than pairs. A
    // block's frequencies stay far below the 2^23 this leaves them.
    let mut by_frequency = [0u32; LITERAL_LENGTH_SYMBOLS];
    let mut used = 0;
    for (symbol, &frequency) in frequencies.iter().enumerate() {
        if frequency > 0 {
            if let Some(slot) = by_frequency.get_mut(used) {
                *slot = (frequency << SYMBOL_KEY_BITS) | symbol as u32;
                used += 1;
            }
        }
    }
    let by_frequency = &mut by_frequency[..used];
    let symbol_of = |key: u32| (key & ((1 << SYMBOL_KEY_BITS) - 1)) as usize;
    if used < 2 {
        let lone = by_frequency.first().map_or(0, |&key| symbol_of(key));
        let spare = if lone == 0 { 1 } else { 0 };
        for symbol in [lone, spare] {
            if let Some(length) = lengths.get_mut(symbol) {
                *length = 1;
            }
        }
        return;
    }
    by_frequency.sort_unstable();

    let mut depths = [0u32; LITERAL_LENGTH_SYMBOLS];
    let depths = &mut depths[..used];
    for (depth, &key) in depths.iter_mut().zip(by_frequency.iter()) {
        *depth = key >> SYMBOL_KEY_BITS;
    }
    minimum_redundancy_depths(depths);

    let mut length_counts = [0u32; 33];
    for &depth in depths.iter() {
        length_counts[depth.min(32) as usize] += 1;
    }
    limit_length_counts(&mut length_counts, usize::from(max_bits));

    // The rarest symbols (first in `by_frequency`) take the longest codes.
    let mut rarest_first = by_frequency.iter();
    for bits in (1..=max_bits).rev() {
        for _ in 0..length_counts[usize::from(bits)] {
            if let Some(&key) = rarest_first.next() {
                if let Some(length) = lengths.get_mut(symbol_of(key)) {
                    *length = bits;
                }
            }
        }
    }
}

/// Turns weights sorted ascending into optimal (unbounded) code lengths in place, with Moffat and
/// Katajainen's in-place algorithm: no tree nodes to allocate.
fn minimum_redundancy_depths(weights: &mut [u32]) {
    let count = weights.len();
    if count < 2 {
        if let Some(only) = weights.first_mut() {
            *only = 1;
        }
        return;
    }
    // First pass: combine weights; internal nodes keep their parent's index in place.
    weights[0] += weights[1];
    let mut root = 0;
    let mut leaf = 2;
    for next in 1..count - 1 {
        if leaf >= count || weights[root] < weights[leaf] {
            weights[next] = weights[root];
            weights[root] = next as u32;
            root += 1;
        } else {
            weights[next] = weights[leaf];
            leaf += 1;
        }
        if leaf >= count || (root < next && weights[root] < weights[leaf]) {
            weights[next] += weights[root];
            weights[root] = next as u32;
            root += 1;
        } else {
            weights[next] += weights[leaf];
            leaf += 1;
        }
    }
    // Second pass: parent indices to internal node depths.
    weights[count - 2] = 0;
    for next in (0..count - 2).rev() {
        weights[next] = weights[weights[next] as usize] + 1;
    }
    // Third pass: internal depths to leaf depths, from the root down.
    let mut available = 1usize;
    let mut depth = 0u32;
    let mut internal_end = count - 1;
    let mut leaf_end = count;
    while available > 0 {
        let mut internal = 0;
        while internal_end > 0 && weights[internal_end - 1] == depth {
            internal += 1;
            internal_end -= 1;
        }
        while available > internal && leaf_end > 0 {
            leaf_end -= 1;
            weights[leaf_end] = depth;
            available -= 1;
        }
        available = 2 * internal;
        depth += 1;
    }
}

/// Folds codes longer than `max_bits` into `max_bits`, then lengthens shorter codes until the
/// lengths again form a complete prefix code (the Kraft sum is exactly one), as zlib and miniz do.
fn limit_length_counts(length_counts: &mut [u32; 33], max_bits: usize) {
    let overflow: u32 = length_counts[max_bits + 1..].iter().sum();
    length_counts[max_bits + 1..].fill(0);
    length_counts[max_bits] += overflow;
    let full = 1u64 << max_bits;
    let mut kraft_total: u64 = (1..=max_bits)
        .map(|bits| u64::from(length_counts[bits]) << (max_bits - bits))
        .sum();
    while kraft_total > full {
        length_counts[max_bits] = length_counts[max_bits].saturating_sub(1);
        if let Some(bits) = (1..max_bits).rev().find(|&bits| length_counts[bits] > 0) {
            length_counts[bits] -= 1;
            length_counts[bits + 1] += 2;
        }
        kraft_total -= 1;
    }
}

/// Canonical codes from lengths (RFC 1951 3.2.2), bit-reversed because codes go out most
/// significant bit first into a least-significant-first stream.
fn assign_canonical_codes(lengths: &[u8], codes: &mut [u16]) {
    let mut length_counts = [0u32; 16];
    // Unused symbols are skipped rather than counted: most of an alphabet is unused, and counting
    // them chains each increment on the one before.
    for &length in lengths.iter().filter(|&&length| length > 0) {
        if let Some(count) = length_counts.get_mut(usize::from(length)) {
            *count += 1;
        }
    }
    let mut next_code = [0u32; 16];
    let mut code = 0u32;
    for bits in 1..16 {
        code = (code + length_counts[bits - 1]) << 1;
        next_code[bits] = code;
    }
    for (&length, slot) in lengths.iter().zip(codes.iter_mut()) {
        if let Some(next) = next_code
            .get_mut(usize::from(length))
            .filter(|_| length > 0)
        {
            *slot = ((*next as u16).reverse_bits()) >> (16 - u32::from(length));
            *next += 1;
        }
    }
}

/// A code-length symbol (0..=18) with its repeat count's extra bits.
#[derive(Clone, Copy)]
struct CodeLengthRun {
    symbol: u8,
    extra_value: u8,
}

impl CodeLengthRun {
    fn extra_bits(self) -> u32 {
        match self.symbol {
            16 => 2,
            17 => 3,
            18 => 7,
            _ => 0,
        }
    }
}

/// Run-length codes the code lengths with symbols 16 (repeat previous), 17 and 18 (zeros).
fn run_length_encode(lengths: &[u8], runs: &mut Vec<CodeLengthRun>) {
    let mut rest = lengths;
    while let Some(&length) = rest.first() {
        let run = rest.iter().take_while(|&&next| next == length).count();
        let mut consumed = run;
        if length == 0 && run >= 11 {
            consumed = run.min(138);
            runs.push(CodeLengthRun {
                symbol: 18,
                extra_value: (consumed - 11) as u8,
            });
        } else if length == 0 && run >= 3 {
            runs.push(CodeLengthRun {
                symbol: 17,
                extra_value: (run - 3) as u8,
            });
        } else if length == 0 {
            consumed = 1;
            runs.push(CodeLengthRun {
                symbol: 0,
                extra_value: 0,
            });
        } else {
            runs.push(CodeLengthRun {
                symbol: length,
                extra_value: 0,
            });
            let mut repeats = run - 1;
            while repeats >= 3 {
                let chunk = repeats.min(6);
                runs.push(CodeLengthRun {
                    symbol: 16,
                    extra_value: (chunk - 3) as u8,
                });
                repeats -= chunk;
            }
            for _ in 0..repeats {
                runs.push(CodeLengthRun {
                    symbol: length,
                    extra_value: 0,
                });
            }
        }
        rest = rest.get(consumed..).unwrap_or_default();
    }
}

/// Writes `block` as whichever of a dynamic, fixed or stored block is smallest.
fn write_block(writer: &mut BitWriter, block: &TokenBlock, raw: &[u8], is_final: bool) {
    let literal_code: HuffmanCode<LITERAL_LENGTH_SYMBOLS> =
        HuffmanCode::from_frequencies(&block.literal_frequencies, MAX_CODE_BITS);
    let distance_code: HuffmanCode<DISTANCE_SYMBOLS> =
        HuffmanCode::from_frequencies(&block.distance_frequencies, MAX_CODE_BITS);

    let literal_count = literal_code.used_prefix(257);
    let distance_count = distance_code.used_prefix(1);
    let mut all_lengths = [0u8; LITERAL_LENGTH_SYMBOLS + DISTANCE_SYMBOLS];
    all_lengths[..literal_count].copy_from_slice(&literal_code.lengths[..literal_count]);
    all_lengths[literal_count..literal_count + distance_count]
        .copy_from_slice(&distance_code.lengths[..distance_count]);
    // The two length lists are one sequence to the decoder, so runs may cross between them.
    let mut runs = Vec::with_capacity(literal_count + distance_count);
    run_length_encode(&all_lengths[..literal_count + distance_count], &mut runs);
    let mut run_frequencies = [0u32; CODE_LENGTH_SYMBOLS];
    for run in &runs {
        run_frequencies[usize::from(run.symbol)] += 1;
    }
    let run_code: HuffmanCode<CODE_LENGTH_SYMBOLS> =
        HuffmanCode::from_frequencies(&run_frequencies, MAX_CODE_LENGTH_BITS);
    let run_code_count = CODE_LENGTH_ORDER
        .iter()
        .rposition(|&symbol| run_code.lengths[symbol] > 0)
        .map_or(0, |last| last + 1)
        .max(4);

    let extra_bits = match_extra_bits(block);
    let header_bits = 3 + 5 + 5 + 4 + 3 * run_code_count as u64;
    let run_bits = run_code.cost(&run_frequencies)
        + runs
            .iter()
            .map(|run| u64::from(run.extra_bits()))
            .sum::<u64>();
    let dynamic_bits = header_bits
        + run_bits
        + literal_code.cost(&block.literal_frequencies)
        + distance_code.cost(&block.distance_frequencies)
        + extra_bits;
    let frequency_sum =
        |frequencies: &[u32]| frequencies.iter().map(|&f| u64::from(f)).sum::<u64>();
    let literals = &block.literal_frequencies;
    let fixed_bits = 3
        + 8 * frequency_sum(&literals[..144])
        + 9 * frequency_sum(&literals[144..256])
        + 7 * frequency_sum(&literals[256..280])
        + 8 * frequency_sum(&literals[280..])
        + 5 * frequency_sum(&block.distance_frequencies)
        + extra_bits;
    let stored_blocks = raw.len().div_ceil(MAX_STORED_BLOCK).max(1) as u64;
    // Header plus worst-case padding plus the length and its complement, per stored block.
    let stored_bits = stored_blocks * (3 + 7 + 32) + 8 * raw.len() as u64;

    let final_bit = u32::from(is_final);
    if stored_bits < dynamic_bits.min(fixed_bits) {
        write_stored(writer, raw, is_final);
    } else if fixed_bits <= dynamic_bits {
        writer.write(final_bit | (1 << 1), 3);
        let (fixed_literal_code, fixed_distance_code) = fixed_codes();
        write_tokens(
            writer,
            &block.tokens,
            &fixed_literal_code,
            &fixed_distance_code,
        );
    } else {
        writer.write(final_bit | (2 << 1), 3);
        writer.write((literal_count - 257) as u32, 5);
        writer.write((distance_count - 1) as u32, 5);
        writer.write((run_code_count - 4) as u32, 4);
        for &symbol in &CODE_LENGTH_ORDER[..run_code_count] {
            writer.write(u32::from(run_code.lengths[symbol]), 3);
        }
        for run in &runs {
            let symbol = usize::from(run.symbol);
            run_code.write(writer, symbol, run.extra_bits(), u32::from(run.extra_value));
        }
        write_tokens(writer, &block.tokens, &literal_code, &distance_code);
    }
}

fn match_extra_bits(block: &TokenBlock) -> u64 {
    let length_bits: u64 = LENGTH_EXTRA_BITS
        .iter()
        .zip(&block.literal_frequencies[257..])
        .map(|(&bits, &frequency)| u64::from(bits) * u64::from(frequency))
        .sum();
    let distance_bits: u64 = DISTANCE_EXTRA_BITS
        .iter()
        .zip(&block.distance_frequencies)
        .map(|(&bits, &frequency)| u64::from(bits) * u64::from(frequency))
        .sum();
    length_bits + distance_bits
}

/// The fixed codes of RFC 1951 3.2.6, limited to the symbols a block can use.
fn fixed_codes() -> (
    HuffmanCode<LITERAL_LENGTH_SYMBOLS>,
    HuffmanCode<DISTANCE_SYMBOLS>,
) {
    // RFC 1951 3.2.6 over all 288 symbols: 286 and 287 never occur, but their two 8-bit codes
    // still count when the canonical codes are assigned, or every 9-bit code (literals 144-255)
    // comes out four too low.
    let mut all_lengths = [8u8; LITERAL_LENGTH_SYMBOLS + 2];
    all_lengths[144..256].fill(9);
    all_lengths[256..280].fill(7);
    let mut all_codes = [0u16; LITERAL_LENGTH_SYMBOLS + 2];
    assign_canonical_codes(&all_lengths, &mut all_codes);
    let mut literal = HuffmanCode {
        lengths: [0; LITERAL_LENGTH_SYMBOLS],
        codes: [0; LITERAL_LENGTH_SYMBOLS],
    };
    literal
        .lengths
        .copy_from_slice(&all_lengths[..LITERAL_LENGTH_SYMBOLS]);
    literal
        .codes
        .copy_from_slice(&all_codes[..LITERAL_LENGTH_SYMBOLS]);
    (literal, HuffmanCode::from_lengths([5; DISTANCE_SYMBOLS]))
}

fn write_tokens(
    writer: &mut BitWriter,
    tokens: &[Token],
    literal_code: &HuffmanCode<LITERAL_LENGTH_SYMBOLS>,
    distance_code: &HuffmanCode<DISTANCE_SYMBOLS>,
) {
    for &token in tokens {
        match token {
            Token::Literal(literal) => literal_code.write(writer, usize::from(literal), 0, 0),
            Token::Match { length, distance } => {
                let length = length_symbol(usize::from(length));
                literal_code.write(writer, length.symbol, length.extra_bits, length.extra_value);
                let distance = distance_symbol(usize::from(distance));
                distance_code.write(
                    writer,
                    distance.symbol,
                    distance.extra_bits,
                    distance.extra_value,
                );
            }
        }
    }
    literal_code.write(writer, END_OF_BLOCK, 0, 0);
}

fn write_stored(writer: &mut BitWriter, raw: &[u8], is_final: bool) {
    let chunk_count = raw.len().div_ceil(MAX_STORED_BLOCK).max(1);
    let mut chunks = raw.chunks(MAX_STORED_BLOCK);
    for index in 0..chunk_count {
        let chunk = chunks.next().unwrap_or_default();
        let last = is_final && index + 1 == chunk_count;
        writer.write(u32::from(last), 3);
        writer.align_to_byte();
        let length = chunk.len() as u16;
        writer.bytes.extend_from_slice(&length.to_le_bytes());
        writer.bytes.extend_from_slice(&(!length).to_le_bytes());
        writer.bytes.extend_from_slice(chunk);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_short_text_of_high_bytes_round_trips_in_a_fixed_block() {
        // two bytes are too few for a dynamic block's tables, so the fixed code carries them, and
        // literals 144-255 are its 9-bit codes ("µ" is 0xC2 0xB5)
        for text in ["µ", "ÿ", "é✓", "\u{90}\u{ff}"] {
            let packed = super::deflate_raw(text.as_bytes());
            let back = miniz_oxide::inflate::decompress_to_vec(&packed).expect("inflates");
            assert_eq!(back, text.as_bytes(), "{text}");
        }
    }

    use super::*;
    use miniz_oxide::inflate::decompress_to_vec;

    /// A fixed-seed xorshift64 stream, so failures reproduce.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, bound: usize) -> usize {
            (self.next() % bound as u64) as usize
        }

        fn bytes(&mut self, count: usize) -> Vec<u8> {
            (0..count).map(|_| self.next() as u8).collect()
        }
    }

    #[test]
    fn short_inputs_of_any_bytes_round_trip() {
        // short inputs take fixed or stored blocks, where every byte value has its own code;
        // repeating a few bytes of each sample also exercises short matches in fixed blocks
        let mut random = XorShift(0x5eed_cafe_f00d_d00d);
        for _ in 0..3000 {
            let count = random.below(80);
            let mut input = random.bytes(count);
            if count > 4 && random.below(2) == 0 {
                let repeat = input[..4].to_vec();
                input.extend_from_slice(&repeat);
            }
            assert_round_trip(&input);
        }
    }

    fn assert_round_trip(input: &[u8]) -> Vec<u8> {
        let compressed = deflate_raw(input);
        let decoded = decompress_to_vec(&compressed)
            .unwrap_or_else(|error| panic!("{} input bytes: {error:?}", input.len()));
        assert!(
            decoded == input,
            "{} input bytes decoded differently",
            input.len()
        );
        compressed
    }

    /// A beam request like the ones the service packs into URLs, about `target` bytes long.
    fn beam_request_json(target: usize, seed: u64) -> Vec<u8> {
        let mut random = XorShift(seed);
        let mut spans = Vec::new();
        let mut supports = Vec::new();
        let mut loads = Vec::new();
        let mut index = 0;
        loop {
            spans.push(format!(
                r#"{{"length":{},"E":{},"I":{}}}"#,
                1 + random.below(12),
                [200, 210, 70, 12][random.below(4)],
                [200_000_000, 85_000_000, 356_000_000][random.below(3)],
            ));
            supports.push(format!(
                r#"{{"position":{},"type":"{}"}}"#,
                index * 5,
                ["pinned", "roller", "fixed"][random.below(3)],
            ));
            loads.push(format!(
                r#"{{"type":"{}","position":{}.{},"magnitude":{},"case":"{}"}}"#,
                ["point", "udl", "moment"][random.below(3)],
                random.below(40),
                random.below(10),
                -(random.below(500) as i64),
                ["dead", "live", "wind"][random.below(3)],
            ));
            let json = format!(
                r#"{{"units":"SI","spans":[{}],"supports":[{}],"loads":[{}],"options":{{"points":101,"envelope":true}}}}"#,
                spans.join(","),
                supports.join(","),
                loads.join(","),
            );
            if json.len() >= target {
                return json.into_bytes();
            }
            index += 1;
        }
    }

    /// 32,768 random bytes, then text that repeats them at exactly 32,768 bytes back, for 258 bytes
    /// and for 3.
    fn farthest_match_text() -> Vec<u8> {
        let mut input = XorShift(7).bytes(WINDOW_SIZE);
        input.extend_from_within(..MAX_MATCH);
        // A byte unlike the one 32,768 back ends the long match.
        let next_back = input.len() - WINDOW_SIZE;
        input.push(!input[next_back]);
        let start = input.len() - WINDOW_SIZE;
        input.extend_from_within(start..start + MIN_MATCH);
        input
    }

    fn tokens_of(input: &[u8]) -> Vec<Token> {
        let mut matcher = MatchFinder::new(input);
        let mut block = TokenBlock::with_capacity(0);
        let mut tokens = Vec::new();
        loop {
            let more = matcher.fill_block(&mut block);
            tokens.extend_from_slice(&block.tokens);
            if !more {
                return tokens;
            }
            block.clear();
        }
    }

    fn expand(tokens: &[Token]) -> Vec<u8> {
        let mut output: Vec<u8> = Vec::new();
        for &token in tokens {
            match token {
                Token::Literal(literal) => output.push(literal),
                Token::Match { length, distance } => {
                    let start = output.len() - usize::from(distance);
                    for offset in 0..usize::from(length) {
                        output.push(output[start + offset]);
                    }
                }
            }
        }
        output
    }

    #[test]
    fn empty_input_is_one_final_empty_block() {
        let compressed = assert_round_trip(b"");
        assert_eq!(compressed, [0x03, 0x00]);
    }

    #[test]
    fn single_byte_round_trips() {
        assert_round_trip(b"x");
    }

    #[test]
    fn long_run_of_one_byte_round_trips_and_shrinks() {
        let compressed = assert_round_trip(&vec![b'a'; 100_000]);
        assert!(compressed.len() < 200, "{} bytes", compressed.len());
    }

    #[test]
    fn random_bytes_round_trip_with_little_overhead() {
        let input = XorShift(0x2545_F491_4F6C_DD1D).bytes(50_000);
        let compressed = assert_round_trip(&input);
        // Incompressible input falls back to stored blocks rather than growing.
        assert!(
            compressed.len() <= input.len() + 40,
            "{} bytes",
            compressed.len()
        );
    }

    #[test]
    fn beam_requests_round_trip() {
        for (target, seed) in [(300, 1), (600, 2), (1_500, 3), (5_000, 4), (40_000, 5)] {
            assert_round_trip(&beam_request_json(target, seed));
        }
    }

    #[test]
    fn every_byte_value_round_trips() {
        let input: Vec<u8> = (0..=255u8).collect();
        assert_round_trip(&input);
        let twice: Vec<u8> = input.iter().chain(input.iter().rev()).copied().collect();
        assert_round_trip(&twice);
    }

    #[test]
    fn matches_at_the_window_edge_round_trip() {
        let input = farthest_match_text();
        assert_round_trip(&input);
        let tokens = tokens_of(&input);
        assert_eq!(expand(&tokens), input);
        assert!(tokens.contains(&Token::Match {
            length: 258,
            distance: 32_768
        }));
    }

    #[test]
    fn extreme_length_and_distance_codes_decode() {
        // The matcher drops far 3-byte matches, so the extreme codes are also written directly.
        let mut block = TokenBlock::with_capacity(0);
        let prefix = XorShift(11).bytes(WINDOW_SIZE);
        for &literal in &prefix {
            block.push_literal(literal);
        }
        for (length, distance) in [
            (3, 32_768),
            (258, 32_768),
            (3, 1),
            (258, 1),
            (4, 5),
            (257, 4_097),
        ] {
            block.push_match(Match { length, distance });
        }
        let expected = expand(&block.tokens);
        let mut writer = BitWriter::with_capacity(0);
        write_block(&mut writer, &block, &expected, true);
        assert_eq!(decompress_to_vec(&writer.finish()).ok(), Some(expected));
    }

    #[test]
    fn short_text_with_few_distances_round_trips() {
        // One distance symbol in the whole block: the distance code still needs two entries.
        assert_round_trip(b"abcabcabcabcabcabcabcabcabcabcabcabcabcabc");
        assert_round_trip(b"abcdefgh");
    }

    #[test]
    fn compresses_beam_requests_nearly_as_well_as_zlib_level_6() {
        // Product requirement: every extra byte pushes more packed requests over the 2,000-character
        // URL limit, so the output may be at most 6% longer than zlib level 6's.
        for (target, seed) in [(600, 21), (5_000, 22), (600, 23), (2_000, 24)] {
            let input = beam_request_json(target, seed);
            let ours = assert_round_trip(&input).len();
            let zlib_like = miniz_oxide::deflate::compress_to_vec(&input, 6).len();
            assert!(
                ours as f64 <= 1.06 * zlib_like as f64,
                "{} input bytes: {ours} against miniz level 6's {zlib_like}",
                input.len()
            );
        }
    }

    #[test]
    fn random_texts_from_a_small_alphabet_round_trip() {
        let mut random = XorShift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..300 {
            let length = random.below(3_000);
            let alphabet = 2 + random.below(6);
            let input: Vec<u8> = (0..length)
                .map(|_| b'a' + random.below(alphabet) as u8)
                .collect();
            assert_round_trip(&input);
        }
    }

    #[test]
    fn long_texts_span_several_blocks_and_windows() {
        let mut random = XorShift(0xDEAD_BEEF);
        let input: Vec<u8> = (0..300_000).map(|_| b'a' + random.below(4) as u8).collect();
        assert!(tokens_of(&input).len() > 3 * BLOCK_TOKENS);
        assert_round_trip(&input);
    }

    #[test]
    fn code_lengths_stay_within_the_limit_and_complete() {
        // Fibonacci frequencies make the unbounded Huffman tree as deep as possible.
        let mut frequencies = [0u32; LITERAL_LENGTH_SYMBOLS];
        let (mut previous, mut current) = (1u32, 1u32);
        for frequency in frequencies.iter_mut().take(25) {
            *frequency = current;
            (previous, current) = (current, previous + current);
        }
        let mut lengths = [0u8; LITERAL_LENGTH_SYMBOLS];
        build_code_lengths(&frequencies, MAX_CODE_BITS, &mut lengths);
        assert!(lengths.iter().all(|&length| length <= MAX_CODE_BITS));
        let kraft: u64 = lengths
            .iter()
            .filter(|&&length| length > 0)
            .map(|&length| 1u64 << (MAX_CODE_BITS - length))
            .sum();
        assert_eq!(kraft, 1 << MAX_CODE_BITS);
        assert_eq!(lengths.iter().filter(|&&length| length > 0).count(), 25);
    }

    #[test]
    fn lone_or_absent_symbols_still_get_two_codes() {
        for used in [vec![], vec![0], vec![7]] {
            let mut frequencies = [0u32; DISTANCE_SYMBOLS];
            for &symbol in &used {
                frequencies[symbol] = 5;
            }
            let mut lengths = [0u8; DISTANCE_SYMBOLS];
            build_code_lengths(&frequencies, MAX_CODE_BITS, &mut lengths);
            let coded: Vec<usize> = (0..DISTANCE_SYMBOLS)
                .filter(|&symbol| lengths[symbol] > 0)
                .collect();
            assert_eq!(coded.len(), 2, "used {used:?}: coded {coded:?}");
            assert!(coded.iter().all(|&symbol| lengths[symbol] == 1));
            assert!(used.iter().all(|symbol| coded.contains(symbol)));
        }
    }

    #[test]
    fn length_and_distance_symbols_match_rfc_1951() {
        let check = |actual: SymbolWithExtra, symbol, extra_bits, extra_value| {
            assert_eq!(
                (actual.symbol, actual.extra_bits, actual.extra_value),
                (symbol, extra_bits, extra_value)
            );
        };
        check(length_symbol(3), 257, 0, 0);
        check(length_symbol(10), 264, 0, 0);
        check(length_symbol(12), 265, 1, 1);
        check(length_symbol(227), 284, 5, 0);
        check(length_symbol(257), 284, 5, 30);
        check(length_symbol(258), 285, 0, 0);
        check(distance_symbol(1), 0, 0, 0);
        check(distance_symbol(4), 3, 0, 0);
        check(distance_symbol(6), 4, 1, 1);
        check(distance_symbol(7), 5, 1, 0);
        check(distance_symbol(24_577), 29, 13, 0);
        check(distance_symbol(32_768), 29, 13, 8_191);
    }
}
