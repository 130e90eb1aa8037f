//! A small SVG writer: elements with attributes and children, written as text.
//!
//! Attribute values and text are escaped; numbers are written with exactly two decimals
//! (`-0.00` is written `0.00`), so the same picture is always the same bytes.

use std::fmt::Write;

/// A number as the pictures write it: two decimals, never `-0.00`.
pub fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    if s == "-0.00" { "0.00".to_string() } else { s }
}

/// Escapes `&`, `<`, `>`, `"` and `'` for text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A list of points as a `points` attribute: `x,y x,y ...`.
pub fn points(pts: &[(f64, f64)]) -> String {
    pts.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect::<Vec<_>>().join(" ")
}

/// An attribute value: a number (written by [`num`]) or text.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A number.
    Num(f64),
    /// Text, escaped when written.
    Text(String),
}

impl From<f64> for Value {
    fn from(x: f64) -> Self {
        Value::Num(x)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Text(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Text(s)
    }
}

/// A child of an element: an element or text.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    Element(Element),
    Text(String),
}

/// An SVG element.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    name: &'static str,
    attrs: Vec<(&'static str, Value)>,
    children: Vec<Node>,
}

impl Element {
    /// An element named `name`, without attributes or children.
    pub fn new(name: &'static str) -> Self {
        Element { name, attrs: Vec::new(), children: Vec::new() }
    }

    /// Adds an attribute (attributes are written in the order they are added).
    pub fn attr(mut self, key: &'static str, value: impl Into<Value>) -> Self {
        self.attrs.push((key, value.into()));
        self
    }

    /// Adds a child element.
    pub fn child(mut self, child: Element) -> Self {
        self.children.push(Node::Element(child));
        self
    }

    /// Adds a child element in place.
    pub fn push(&mut self, child: Element) {
        self.children.push(Node::Element(child));
    }

    /// Adds text.
    pub fn text(mut self, text: impl Into<String>) -> Self {
        self.children.push(Node::Text(text.into()));
        self
    }

    /// Whether the element has no children.
    pub fn is_empty(&self) -> bool {
        self.children.is_empty()
    }

    /// Writes the element and its children, one element a line.
    pub fn write(&self, out: &mut String) {
        let _ = write!(out, "<{}", self.name);
        for (key, value) in &self.attrs {
            let value = match value {
                Value::Num(x) => num(*x),
                Value::Text(s) => escape(s),
            };
            let _ = write!(out, " {key}=\"{value}\"");
        }
        if self.children.is_empty() {
            out.push_str("/>\n");
            return;
        }
        out.push('>');
        let only_text = self.children.iter().all(|c| matches!(c, Node::Text(_)));
        if !only_text {
            out.push('\n');
        }
        for child in &self.children {
            match child {
                Node::Element(e) => e.write(out),
                Node::Text(t) => out.push_str(&escape(t)),
            }
        }
        let _ = writeln!(out, "</{}>", self.name);
    }

    /// The element as text, with the XML declaration when it is the `svg` root.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if self.name == "svg" {
            out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        }
        self.write(&mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_two_decimals_and_no_negative_zero() {
        assert_eq!(num(1.0), "1.00");
        assert_eq!(num(-0.001), "0.00");
        assert_eq!(num(2.345_6), "2.35");
        assert_eq!(num(-1.5), "-1.50");
    }

    #[test]
    fn text_and_attributes_are_escaped() {
        let e = Element::new("text").attr("class", "a\"<b>&'").text("x < y & z");
        assert_eq!(e.render(), "<text class=\"a&quot;&lt;b&gt;&amp;&apos;\">x &lt; y &amp; z</text>\n");
        let g = Element::new("g").child(Element::new("rect").attr("x", 1.0));
        assert_eq!(g.render(), "<g>\n<rect x=\"1.00\"/>\n</g>\n");
    }
}
