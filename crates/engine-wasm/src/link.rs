//! Raw DEFLATE for the `links.view` URL (miniz_oxide), fed a piece at a time and stopping as soon as
//! the output is too long.
//!
//! Every solve response may carry a link, so compressing a few hundred bytes must cost little: the
//! compressor's tables (a few hundred kilobytes) are made once and reset per link, where a fresh
//! compressor in JavaScript spent more setting them up than compressing. The caller writes the model's
//! JSON text in pieces and pushes them (`LinkDeflater::push`), so a model too long for the link is
//! never written whole: a 300-node truss's 53 KB model is dropped after its first 10 KB.
//!
//! The input is compressed a chunk at a time, each chunk ending its block, so the output shows how
//! long the link would be as it goes; compression stops once that passes the limit. A model that fits
//! in the first chunk is one block, as a one-shot compressor would write it. After the first chunk the
//! chunks are short: a model too long for the link passes the limit within a few kilobytes of it, and
//! short chunks stop there rather than at the next 8 KB. The chunks are cut from the text as a whole,
//! wherever the pieces pushed begin and end, so the link's bytes do not depend on how it was pushed.

use std::cell::RefCell;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use miniz_oxide::deflate::core::{
    compress_to_output, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush, TDEFLStatus,
};
use wasm_bindgen::prelude::wasm_bindgen;

/// Input bytes compressed in the first block, and in each block after it.
const FIRST_CHUNK: usize = 8192;
const NEXT_CHUNK: usize = 1024;

/// zlib's default level; negative window bits: raw DEFLATE, no zlib header.
const LEVEL: i32 = 6;
const RAW_WINDOW_BITS: i32 = -15;

thread_local! {
    /// The compressor between links; a deflater takes it and gives it back when it is dropped.
    static SPARE: RefCell<Option<Box<CompressorOxide>>> = const { RefCell::new(None) };
}

/// One link's raw DEFLATE (RFC 1951) stream, given up once its output passes `limit` bytes.
#[wasm_bindgen]
pub struct LinkDeflater {
    compressor: Option<Box<CompressorOxide>>,
    /// Input pushed and not yet compressed: less than a chunk, or exactly one (it may be the last).
    pending: Vec<u8>,
    out: Vec<u8>,
    limit: usize,
    /// Whether the first chunk has been compressed.
    started: bool,
    fits: bool,
}

#[wasm_bindgen]
impl LinkDeflater {
    /// A stream whose output may take up to `limit` bytes.
    #[wasm_bindgen(constructor)]
    pub fn new(limit: usize) -> LinkDeflater {
        let mut compressor = SPARE
            .with(|spare| spare.borrow_mut().take())
            .unwrap_or_else(|| {
                let flags = create_comp_flags_from_zip_params(LEVEL, RAW_WINDOW_BITS, 0);
                Box::new(CompressorOxide::new(flags))
            });
        compressor.reset();
        LinkDeflater {
            compressor: Some(compressor),
            pending: Vec::with_capacity(FIRST_CHUNK + NEXT_CHUNK),
            out: Vec::new(),
            limit,
            started: false,
            fits: true,
        }
    }

    /// Adds the next piece of the input text (its UTF-8); false once the output can no longer fit (the rest
    /// is ignored). Text rather than bytes: wasm-bindgen writes a string's UTF-8 straight into this memory,
    /// where bytes would first be encoded into an array of their own in JavaScript and then copied here.
    pub fn push(&mut self, piece: &str) -> bool {
        self.push_bytes(piece.as_bytes())
    }

    /// The last piece of the input text; the whole stream in base64url without padding (RFC 4648
    /// section 5), as the URL carries it, or nothing if it does not fit. Text rather than bytes, for the
    /// same reason.
    pub fn finish(self, piece: &str) -> Option<String> {
        self.finish_bytes(piece.as_bytes())
            .map(|stream| URL_SAFE_NO_PAD.encode(stream))
    }
}

impl LinkDeflater {
    fn push_bytes(&mut self, piece: &[u8]) -> bool {
        if !self.fits {
            return false;
        }
        self.pending.extend_from_slice(piece);
        // a whole chunk waits for more input, which decides whether it is the last
        while self.fits && self.pending.len() > self.chunk() {
            let rest = self.pending.split_off(self.chunk());
            self.compress(TDEFLFlush::Sync);
            self.pending = rest;
        }
        self.fits
    }

    /// The last piece of the input; the whole stream, or nothing if it does not fit.
    fn finish_bytes(mut self, piece: &[u8]) -> Option<Vec<u8>> {
        if !self.push_bytes(piece) {
            return None;
        }
        self.compress(TDEFLFlush::Finish);
        if self.fits {
            Some(std::mem::take(&mut self.out))
        } else {
            None
        }
    }

    fn chunk(&self) -> usize {
        if self.started {
            NEXT_CHUNK
        } else {
            FIRST_CHUNK
        }
    }

    /// Compresses what is pending as one chunk, ending its block with `flush`.
    fn compress(&mut self, flush: TDEFLFlush) {
        let (Some(compressor), limit) = (self.compressor.as_deref_mut(), self.limit) else {
            return;
        };
        let out = &mut self.out;
        let mut fits = |bytes: &[u8]| {
            out.extend_from_slice(bytes);
            out.len() <= limit
        };
        let (status, _) = compress_to_output(compressor, &self.pending, flush, &mut fits);
        self.fits = matches!(status, TDEFLStatus::Okay | TDEFLStatus::Done) && out.len() <= limit;
        self.pending.clear();
        self.started = true;
    }
}

impl Drop for LinkDeflater {
    fn drop(&mut self) {
        if let Some(compressor) = self.compressor.take() {
            SPARE.with(|spare| *spare.borrow_mut() = Some(compressor));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use miniz_oxide::inflate::decompress_to_vec;

    fn long() -> Vec<u8> {
        (0..30_000u32)
            .flat_map(|i| format!("{},", i * 7 % 1013).into_bytes())
            .collect()
    }

    fn whole(input: &[u8], limit: usize) -> Option<Vec<u8>> {
        LinkDeflater::new(limit).finish_bytes(input)
    }

    #[test]
    fn inflates_back_byte_for_byte() {
        let long = long();
        for input in [&b""[..], b"x", b"{\"spans\":[{\"length\":6}]}", &long] {
            let deflated = whole(input, usize::MAX).expect("no limit");
            assert_eq!(decompress_to_vec(&deflated).expect("inflates"), input);
        }
    }

    #[test]
    fn the_same_bytes_however_the_input_is_pushed() {
        let long = long();
        let once = whole(&long, usize::MAX).expect("no limit");
        for piece in [1, 7, 1000, 1024, 8192, 8193] {
            let mut deflater = LinkDeflater::new(usize::MAX);
            let mut pieces = long.chunks(piece).peekable();
            let mut last: &[u8] = &[];
            while let Some(p) = pieces.next() {
                if pieces.peek().is_none() {
                    last = p;
                } else {
                    assert!(deflater.push_bytes(p));
                }
            }
            assert_eq!(
                deflater.finish_bytes(last).as_deref(),
                Some(&once[..]),
                "pieces of {piece}"
            );
        }
    }

    #[test]
    fn stops_once_the_output_passes_the_limit() {
        let long = long();
        let size = whole(&long, usize::MAX).expect("no limit").len();
        assert!(whole(&long, size - 1).is_none());
        assert_eq!(whole(&long, size).map(|d| d.len()), Some(size));
        // pushed a piece at a time, it says so before the input ends
        let mut deflater = LinkDeflater::new(1000);
        let pushed = long
            .chunks(512)
            .take_while(|p| deflater.push_bytes(p))
            .count();
        assert!(
            pushed < long.len() / 512 / 2,
            "gave up after {pushed} pieces"
        );
    }
}
