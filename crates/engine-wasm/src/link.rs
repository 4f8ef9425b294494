//! Raw DEFLATE for the `links.view` URL (miniz_oxide), stopping as soon as the output is too long.
//!
//! Every solve response may carry a link, so compressing a few hundred bytes must cost little: the
//! compressor's tables (a few hundred kilobytes) are made once and reset per call, where a fresh
//! compressor in JavaScript spent more setting them up than compressing. A long model is compressed
//! a chunk at a time, each chunk ending its block, so its output shows how long the link would be
//! as it goes; compression stops once that passes the limit. A model that fits in the first chunk is
//! one block, as a one-shot compressor would write it. After the first chunk the chunks are short:
//! a model too long for the link passes the limit within a few kilobytes of it (a 300-node truss's
//! 53 KB model after about 10 KB), and short chunks stop there rather than at the next 8 KB.

use std::cell::RefCell;

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
    static COMPRESSOR: RefCell<Option<Box<CompressorOxide>>> = const { RefCell::new(None) };
}

/// Raw DEFLATE (RFC 1951) of `input`, or nothing as soon as the output passes `limit` bytes.
#[wasm_bindgen(js_name = deflateRaw)]
pub fn deflate_raw(input: &[u8], limit: usize) -> Option<Vec<u8>> {
    COMPRESSOR.with(|cell| {
        let mut cell = cell.borrow_mut();
        let compressor = cell.get_or_insert_with(|| {
            let flags = create_comp_flags_from_zip_params(LEVEL, RAW_WINDOW_BITS, 0);
            Box::new(CompressorOxide::new(flags))
        });
        compressor.reset();
        let mut out = Vec::with_capacity(limit.min(input.len() + 64));
        let mut fits = |bytes: &[u8]| {
            out.extend_from_slice(bytes);
            out.len() <= limit
        };
        let mut start = 0;
        loop {
            let end = input
                .len()
                .min(start + if start == 0 { FIRST_CHUNK } else { NEXT_CHUNK });
            let flush = if end == input.len() {
                TDEFLFlush::Finish
            } else {
                TDEFLFlush::Sync
            };
            let (status, _) = compress_to_output(compressor, &input[start..end], flush, &mut fits);
            if !matches!(status, TDEFLStatus::Okay | TDEFLStatus::Done) {
                return None;
            }
            if end == input.len() {
                return Some(out);
            }
            start = end;
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use miniz_oxide::inflate::decompress_to_vec;

    #[test]
    fn inflates_back_byte_for_byte() {
        let long: Vec<u8> = (0..30_000u32)
            .flat_map(|i| format!("{},", i * 7 % 1013).into_bytes())
            .collect();
        for input in [&b""[..], b"x", b"{\"spans\":[{\"length\":6}]}", &long] {
            let deflated = deflate_raw(input, usize::MAX).expect("no limit");
            assert_eq!(decompress_to_vec(&deflated).expect("inflates"), input);
        }
    }

    #[test]
    fn stops_once_the_output_passes_the_limit() {
        let long: Vec<u8> = (0..30_000u32)
            .flat_map(|i| format!("{},", i * 7 % 1013).into_bytes())
            .collect();
        let whole = deflate_raw(&long, usize::MAX).expect("no limit").len();
        assert!(deflate_raw(&long, whole - 1).is_none());
        assert_eq!(deflate_raw(&long, whole).map(|d| d.len()), Some(whole));
    }
}
