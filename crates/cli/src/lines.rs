//! Reading input lines that may be anything: too long, or not UTF-8.
//! `talon engine` and `play --plain` promise never to end on bad input,
//! so a bad line becomes a value to answer, not an IO error.

use std::io::BufRead;

/// The longest request line read whole; the rest of a longer line is
/// skipped without being held in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// Not valid UTF-8.
    NotUtf8,
    /// Longer than the cap; its length in bytes.
    TooLong(usize),
}

impl Line {
    /// The text, or a message saying why the line cannot be read.
    pub fn text(self) -> Result<String, String> {
        match self {
            Line::Text(t) => Ok(t),
            Line::NotUtf8 => Err("the line is not valid UTF-8".into()),
            Line::TooLong(n) => Err(format!(
                "the line is {n} bytes long; the limit is {MAX_LINE_BYTES}"
            )),
        }
    }
}

/// Reads the next line (without its line ending), `None` at end of input.
pub fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        total += take;
        // Keep at most one byte past the cap: enough to know it was passed.
        let room = (max + 1).saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        input.consume(take + usize::from(newline));
        if newline {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    // A CRLF ending is not part of the line, nor of its length: up to one
    // byte past the cap the whole line is in `buf`, its `\r` included.
    if total <= max + 1 && buf.last() == Some(&b'\r') {
        buf.pop();
        total -= 1;
    }
    if total > max {
        return Ok(Some(Line::TooLong(total)));
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(t) => Line::Text(t),
        Err(_) => Line::NotUtf8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8], max: usize) -> Vec<Line> {
        let mut input = std::io::BufReader::with_capacity(4, bytes);
        std::iter::from_fn(|| read_line(&mut input, max).unwrap()).collect()
    }

    #[test]
    fn splits_caps_and_flags_bad_bytes() {
        assert_eq!(
            lines(b"ab\r\n\xff\xfe\n0123456789\nlast", 8),
            vec![
                Line::Text("ab".into()),
                Line::NotUtf8,
                Line::TooLong(10),
                Line::Text("last".into())
            ]
        );
        assert_eq!(lines(b"", 8), vec![]);
        assert_eq!(lines(b"12345678\n", 8), vec![Line::Text("12345678".into())]);
        assert_eq!(
            lines(b"12345678\r\n", 8),
            vec![Line::Text("12345678".into())]
        );
        assert_eq!(lines(b"123456789\r\n", 8), vec![Line::TooLong(10)]);
    }
}
