//! Text helpers shared by the emitters: the "generated" notice, comment
//! wrapping, limb arrays, and the regions of hand-written files.

/// The command that regenerates every output.
pub const COMMAND: &str = "cargo run --release -p gpukit-gen";

/// The first line of every generated file (after the comment marker).
pub fn notice() -> String {
    format!("Generated from registry.toml by `{COMMAND}` — do not edit.")
}

/// `text` as comment lines of at most `width` characters, each starting
/// with `prefix` (`"// "`, `"    // "`).
pub fn wrap(prefix: &str, text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty()
            && prefix.chars().count() + line.chars().count() + 1 + word.chars().count() > width
        {
            out += &format!("{prefix}{line}\n");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    if !line.is_empty() {
        out += &format!("{prefix}{line}\n");
    }
    out
}

/// A C array body: `words` as `0x%08x`, four to a line, each line indented.
pub fn c_words(indent: &str, words: &[u32]) -> String {
    words
        .chunks(4)
        .map(|row| {
            let row: Vec<String> = row.iter().map(|w| format!("0x{w:08x},")).collect();
            format!("{indent}{}\n", row.join(" "))
        })
        .collect()
}

/// Lines of a C macro continued with backslashes, aligned one column past
/// the longest; the last line has none.
pub fn macro_lines(lines: &[String]) -> String {
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let last = lines.len().saturating_sub(1);
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if i == last {
                format!("{l}\n")
            } else {
                format!("{l}{} \\\n", " ".repeat(width - l.chars().count()))
            }
        })
        .collect()
}

/// `text` with the lines between its markers `gpukit-gen: begin <tag>` and
/// `gpukit-gen: end <tag>` (each on a line of its own, in whatever comment
/// syntax the file uses) replaced by `body`.
pub fn replace_region(text: &str, tag: &str, body: &str) -> Result<String, String> {
    let begin = format!("gpukit-gen: begin {tag}");
    let end = format!("gpukit-gen: end {tag}");
    let start = text
        .find(&begin)
        .map(|i| i + text[i..].find('\n').map_or(text.len() - i, |j| j + 1))
        .ok_or(format!("no `{begin}` marker"))?;
    let stop = text[start..]
        .find(&end)
        .map(|i| start + text[start..start + i].rfind('\n').map_or(0, |j| j + 1))
        .ok_or(format!("no `{end}` marker after `{begin}`"))?;
    Ok(format!("{}{body}{}", &text[..start], &text[stop..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_words() {
        assert_eq!(
            wrap("// ", "a bb ccc dddd", 10),
            "// a bb\n// ccc\n// dddd\n"
        );
    }

    #[test]
    fn replaces_between_markers() {
        let text = "keep\n/* gpukit-gen: begin x */\nold\nlines\n  /* gpukit-gen: end x */\ntail\n";
        assert_eq!(
            replace_region(text, "x", "new\n").unwrap(),
            "keep\n/* gpukit-gen: begin x */\nnew\n  /* gpukit-gen: end x */\ntail\n"
        );
        assert!(replace_region(text, "y", "").is_err());
    }

    #[test]
    fn aligns_macro_lines() {
        let lines = [
            "#define L(X)".to_string(),
            "    X(a)".into(),
            "    X(bb)".into(),
        ];
        assert_eq!(
            macro_lines(&lines),
            "#define L(X) \\\n    X(a)     \\\n    X(bb)\n"
        );
    }
}
