//! The project's size rules for engine code, kept by a test so that they keep holding: no source
//! file of the engine or its binding over 500 lines and no function over 80 lines, tests excepted
//! (a file's `#[cfg(test)]` module and the `tests/` folders are not counted).
//!
//! ```text
//! cargo test -p spanwise-engine --test source_size
//! ```

use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 500;
const MAX_FUNCTION_LINES: usize = 80;

/// Every `.rs` file under the engine's and the binding's `src/` folders.
fn sources() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut folders = vec![crates.join("engine/src"), crates.join("engine-wasm/src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("source folder readable") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    assert!(found.len() > 5, "sources not found under {crates:?}");
    found
}

/// The lines of a file up to its `#[cfg(test)]` module, with comments, strings and character
/// literals blanked so that only the code's own braces are counted.
fn code_lines(text: &str) -> Vec<String> {
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end].lines().map(blank_literals).collect()
}

fn blank_literals(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut k = 0;
    while k < chars.len() {
        match chars[k] {
            '/' if chars.get(k + 1) == Some(&'/') => break,
            '"' => {
                k += 1;
                while k < chars.len() && chars[k] != '"' {
                    k += if chars[k] == '\\' { 2 } else { 1 };
                }
                out.push_str("\"\"");
            }
            // a character literal ('{', '\n'), not a lifetime ('a)
            '\'' if chars.get(k + 2) == Some(&'\'') || chars.get(k + 1) == Some(&'\\') => {
                k += if chars[k + 1] == '\\' { 3 } else { 2 };
                while k < chars.len() && chars[k] != '\'' {
                    k += 1;
                }
                out.push_str("' '");
            }
            c => out.push(c),
        }
        k += 1;
    }
    out
}

/// `(name, first line, line count)` of every function with a body: from its `fn` line to the line
/// of the brace that closes it.
fn functions(lines: &[String]) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(at) = line.find("fn ") else { continue };
        if at > 0
            && line[..at]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let name: String = line[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        let mut depth = 0i64;
        let mut opened = false;
        'body: for (k, l) in lines.iter().enumerate().skip(start) {
            for c in l.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    // a declaration without a body (a trait method)
                    ';' if !opened && depth == 0 => break 'body,
                    _ => {}
                }
                if opened && depth == 0 {
                    found.push((name.clone(), start + 1, k - start + 1));
                    break 'body;
                }
            }
        }
    }
    found
}

#[test]
fn no_engine_file_or_function_is_too_long() {
    let mut too_long = Vec::new();
    for path in sources() {
        let text = std::fs::read_to_string(&path).expect("source readable");
        let lines = code_lines(&text);
        if lines.len() > MAX_FILE_LINES {
            too_long.push(format!("{}: {} lines", path.display(), lines.len()));
        }
        for (name, line, count) in functions(&lines) {
            if count > MAX_FUNCTION_LINES {
                too_long.push(format!(
                    "{}:{line} fn {name}: {count} lines",
                    path.display()
                ));
            }
        }
    }
    assert!(
        too_long.is_empty(),
        "over {MAX_FILE_LINES} lines per file or {MAX_FUNCTION_LINES} per function:\n{}",
        too_long.join("\n")
    );
}

#[test]
fn the_counter_sees_a_long_function_and_ignores_braces_in_literals() {
    let body: String = (0..90).map(|k| format!("    let x{k} = '{{';\n")).collect();
    let text = format!("fn long() {{\n{body}}}\nfn short() {{ \"}}\" }}\n");
    let lines = code_lines(&text);
    let found = functions(&lines);
    assert_eq!(found[0], ("long".to_string(), 1, 92));
    assert_eq!(found[1], ("short".to_string(), 93, 1));
}
