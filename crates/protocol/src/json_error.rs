//! serde_json's errors about a request or frame, in words for the person
//! who wrote it: no Rust type names (`u64`, "internally tagged enum"),
//! values in double quotes (so long ones are cut like any quoted input),
//! and for text that is not JSON at all, what a request looks like.

use serde_json::error::Category;

/// What was wrong with `e`'s JSON and where; `example` is a well-formed
/// request to show when the text is not JSON.
pub fn plain_json_error(e: &serde_json::Error, example: &str) -> String {
    let at = format!("line {} column {}", e.line(), e.column());
    match e.classify() {
        Category::Syntax | Category::Eof => {
            format!("not a JSON object (at {at}): write one JSON object a line, such as {example}")
        }
        // A request's name that is no string (`{"cmd": 5}`), or a list
        // whose first element serde reads as that name (`[1, 2]`).
        Category::Data | Category::Io => plain_words(&e.to_string()).replace(
            "expected variant identifier",
            &format!("expected a name, as in {example}"),
        ),
    }
}

/// serde's messages with its type names in words (for errors that reach
/// Talon as text only, such as the HTTP framework's).
pub fn plain_words(text: &str) -> String {
    const WORDS: [(&str, &str); 14] = [
        (
            "internally tagged enum Request",
            "a request object with a \"cmd\"",
        ),
        (
            "internally tagged enum ClientFrame",
            "a frame object with a \"t\"",
        ),
        ("there are no fields", "this command takes no fields"),
        ("unknown variant", "unknown value"),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u16", "expected a whole number from 0 to 65535"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected i64", "expected a whole number"),
        ("expected f64", "expected a number"),
        ("expected a boolean", "expected true or false"),
        ("expected struct", "expected an object:"),
        ("expected a map", "expected an object"),
    ];
    let mut out = text.replace('`', "\"");
    for (rust, words) in WORDS {
        out = out.replace(rust, words);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Request;

    fn error_of(text: &str) -> String {
        let e = serde_json::from_str::<Request>(text).unwrap_err();
        plain_json_error(&e, "{\"cmd\": \"games\"}")
    }

    #[test]
    fn serde_words_become_plain_ones() {
        let cases = [
            ("not json", "not a JSON object (at line 1 column 2): write one JSON object a line, such as {\"cmd\": \"games\"}"),
            ("", "not a JSON object (at line 1 column 0)"),
            ("42", "invalid type: integer \"42\", expected a request object with a \"cmd\""),
            ("[1, 2]", "invalid type: integer \"1\", expected a name, as in {\"cmd\": \"games\"}"),
            ("{\"cmd\": 5}", "invalid type: integer \"5\", expected a name, as in {\"cmd\": \"games\"}"),
            ("{\"cmd\": \"helpme\"}", "unknown value \"helpme\", expected one of \"new\""),
            ("{\"cmd\": \"undo\", \"n\": 2}", "unknown field \"n\", this command takes no fields"),
            ("{\"cmd\": \"new\", \"game\": \"schnapsen\", \"seed\": -1}", "invalid value: integer \"-1\", expected a whole number, 0 or more"),
            ("{\"cmd\": \"observe\", \"seat\": \"0\"}", "expected a whole number from 0 to 255"),
        ];
        for (text, said) in cases {
            let e = error_of(text);
            assert!(e.contains(said), "{text}: {e}");
            assert!(
                !e.contains('`') && !e.contains("u64") && !e.contains(" u8"),
                "{e}"
            );
        }
    }
}
