//! Reading the manager's lines with a bounded buffer: a hostile or broken manager may send
//! a line of any length, and holding it whole could exhaust memory.

use std::io::{self, BufRead};

/// One line of input, without its line ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputLine {
    /// The line, or its first `max` bytes if it was longer; bytes that are not UTF-8 are
    /// U+FFFD.
    pub text: String,
    /// The line had more than `max` bytes, so `text` is only its start.
    pub overlong: bool,
}

/// Reads one line, keeping at most `max` bytes of it and skipping the rest, so memory
/// stays bounded whatever the input. A final line without a newline counts as a line.
/// `None` at end of input.
///
/// ```
/// use gomoku::protocol::read_input_line;
///
/// let mut input = "TURN 7,8\r\nINFO folder ..........\n".as_bytes();
/// let line = read_input_line(&mut input, 16)?.expect("a line");
/// assert_eq!((line.text.as_str(), line.overlong), ("TURN 7,8", false));
/// let line = read_input_line(&mut input, 16)?.expect("a line");
/// assert_eq!((line.text.as_str(), line.overlong), ("INFO folder ....", true));
/// assert_eq!(read_input_line(&mut input, 16)?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The reader's I/O errors.
pub fn read_input_line(reader: &mut dyn BufRead, max: usize) -> io::Result<Option<InputLine>> {
    let mut kept = Vec::new();
    // Length of the whole line and its last byte, to tell a cut line from a CR LF ending.
    let mut total = 0usize;
    let mut last = None;
    let mut seen_any = false;
    loop {
        let buf = match reader.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            r => r?,
        };
        if buf.is_empty() {
            break;
        }
        seen_any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = buf.get(..newline.unwrap_or(buf.len())).unwrap_or(buf);
        let room = max.saturating_sub(kept.len()).min(chunk.len());
        kept.extend_from_slice(chunk.get(..room).unwrap_or_default());
        total = total.saturating_add(chunk.len());
        if let Some(&b) = chunk.last() {
            last = Some(b);
        }
        let used = chunk.len() + usize::from(newline.is_some());
        reader.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if !seen_any {
        return Ok(None);
    }
    if last == Some(b'\r') {
        total -= 1;
        kept.truncate(total);
    }
    Ok(Some(InputLine {
        text: String::from_utf8_lossy(&kept).into_owned(),
        overlong: total > max,
    }))
}

/// Reads one line of at most `max` bytes (the rest of a longer line is skipped), without
/// its line ending; bytes that are not UTF-8 become U+FFFD. `None` at end of input.
///
/// # Errors
/// The reader's I/O errors.
pub fn read_line_capped(reader: &mut dyn BufRead, max: usize) -> io::Result<Option<String>> {
    Ok(read_input_line(reader, max)?.map(|line| line.text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], max: usize) -> Vec<InputLine> {
        let mut reader = io::Cursor::new(text.to_vec());
        std::iter::from_fn(|| read_input_line(&mut reader, max).ok().flatten()).collect()
    }

    #[test]
    fn capped_lines_drop_the_excess() {
        let text = format!("{}\nTURN 1,2\r\nlast", "y".repeat(100));
        let mut reader = io::Cursor::new(text.into_bytes());
        let first = read_line_capped(&mut reader, 10).ok().flatten();
        assert_eq!(first.as_deref(), Some("yyyyyyyyyy"));
        let second = read_line_capped(&mut reader, 10).ok().flatten();
        assert_eq!(second.as_deref(), Some("TURN 1,2"));
        let third = read_line_capped(&mut reader, 10).ok().flatten();
        assert_eq!(third.as_deref(), Some("last"));
        assert_eq!(read_line_capped(&mut reader, 10).ok().flatten(), None);
    }

    #[test]
    fn a_line_is_overlong_only_past_the_cap() {
        let got = lines(b"12345\r\n123456\n1234\r\r\n\r\n\n", 5);
        let texts: Vec<&str> = got.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["12345", "12345", "1234\r", "", ""]);
        let overlong: Vec<bool> = got.iter().map(|l| l.overlong).collect();
        assert_eq!(overlong, [false, true, false, false, false]);
        assert!(lines(b"", 5).is_empty());
    }
}
