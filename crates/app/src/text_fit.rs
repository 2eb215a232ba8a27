//! Text that must stay inside its box: a line too long is cut and ends with an
//! ellipsis, and wrapped text stops at the box's bottom, so no name, title or message
//! ever runs off a panel. The measuring is passed in, so this is tested without a font.

use std::borrow::Cow;

/// How much wider than the table below a line may turn out, for kerning and rounding.
const WIDTH_MARGIN: f32 = 1.06;

/// About how wide `text` is at font size `size` in the interface's font (DejaVu Sans),
/// from its letters' advances in ems, a little generously: for choosing a size before
/// the text is drawn (the painter measures exactly, and cuts what still does not fit).
pub fn estimated_width(text: &str, size: f32) -> f32 {
    let ems: f32 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | 'I' => 0.28,
            ' ' | 'f' | 't' | '(' | ')' | '[' | ']' | '-' | '/' => 0.39,
            'r' => 0.42,
            'm' | 'M' | 'W' | '%' | '@' => 1.0,
            'w' | '—' => 0.82,
            '…' => 1.0,
            c if c.is_ascii_lowercase() => 0.63,
            c if c.is_ascii_digit() => 0.64,
            c if c.is_uppercase() => 0.76,
            _ => 0.8,
        })
        .sum();
    ems * size * WIDTH_MARGIN
}

/// The ellipsis that ends a cut text.
const ELLIPSIS: &str = "…";

/// `text` as it fits in `width`: whole if it fits, else the longest start of it that
/// fits with an ellipsis after it.
pub fn ellipsized<'a>(text: &'a str, width: f32, measure: impl Fn(&str) -> f32) -> Cow<'a, str> {
    if measure(text) <= width {
        return Cow::Borrowed(text);
    }
    let ends: Vec<usize> = text.char_indices().map(|(at, _)| at).skip(1).collect();
    let fits = |end: usize| measure(&format!("{}{ELLIPSIS}", text[..end].trim_end())) <= width;
    let (mut low, mut high) = (0, ends.len());
    while low < high {
        let middle = (low + high).div_ceil(2);
        if fits(ends[middle - 1]) {
            low = middle;
        } else {
            high = middle - 1;
        }
    }
    match low {
        0 => Cow::Borrowed(ELLIPSIS),
        kept => Cow::Owned(format!("{}{ELLIPSIS}", text[..ends[kept - 1]].trim_end())),
    }
}

/// `text` broken into lines no wider than `width` at word boundaries, at most
/// `max_lines` of them; when it does not all fit, the last line ends with an ellipsis.
pub fn wrapped(
    text: &str,
    width: f32,
    max_lines: usize,
    measure: impl Fn(&str) -> f32,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut cut = false;
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || measure(&candidate) <= width {
            line = candidate;
            continue;
        }
        lines.push(std::mem::replace(&mut line, word.to_string()));
        if lines.len() == max_lines {
            cut = true;
            break;
        }
    }
    if !cut && !line.is_empty() {
        lines.push(line);
    }
    lines.truncate(max_lines.max(1));
    if cut && let Some(last) = lines.last_mut() {
        *last = ellipsized(&format!("{last}{ELLIPSIS}"), width, &measure).into_owned();
    }
    lines
        .into_iter()
        .map(|line| ellipsized(&line, width, &measure).into_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_are_estimated_from_the_letters() {
        assert!(estimated_width("iiii", 10.0) < estimated_width("mmmm", 10.0) / 3.0);
        let label = estimated_width("Last piece standing", 20.0);
        // DejaVu Sans sets it 195 pixels wide at 20 px: never less, not much more.
        assert!((195.0..230.0).contains(&label), "{label}");
        assert_eq!(estimated_width("", 20.0), 0.0);
    }

    /// Every letter 10 pixels wide.
    fn ten(text: &str) -> f32 {
        text.chars().count() as f32 * 10.0
    }

    #[test]
    fn a_line_that_fits_is_left_alone() {
        assert_eq!(ellipsized("Ada", 30.0, ten), "Ada");
    }

    #[test]
    fn a_long_line_is_cut_with_an_ellipsis_within_its_width() {
        let cut = ellipsized("Computer is thinking at depth 12", 100.0, ten);
        assert_eq!(cut, "Computer…");
        assert!(ten(&cut) <= 100.0);
        assert_eq!(ellipsized("Ada Lovelace", 5.0, ten), "…");
    }

    #[test]
    fn wrapped_text_stops_at_the_last_line_it_may_use() {
        let lines = wrapped("one two three four five six", 90.0, 2, ten);
        assert_eq!(lines, vec!["one two", "three…"]);
        assert!(lines.iter().all(|line| ten(line) <= 90.0));
        assert_eq!(wrapped("one two", 90.0, 3, ten), vec!["one two"]);
    }
}
