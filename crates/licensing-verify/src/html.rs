//! The reports a team opens: `verify --html FILE` and the proxy's `--html
//! FILE` as one self-contained page each (its style inline, no script, no
//! image, nothing fetched), every text escaped. What they show is the runs'
//! own findings ([`crate::verify::Report`], [`crate::proxy::Inspector`]), the
//! tokens already redacted from them: this module only lays them out.

use licensing_core::validate::Source;
use licensing_core::wire::Endpoint;

use crate::differences::Difference;
use crate::proxy::{Exhibit, ProxySummary};
use crate::verify::{Check, Report, Verdict};

/// The page's style: readable in light and dark, printable.
const STYLE: &str = "
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bad: #b3261e; --good: #1a7f37; --note: #7d4e00; --bg2: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9da7b3; --line: #30363d; --bad: #ff7b72; --good: #56d364; --note: #e3b341; --bg2: #161b22; } }
body { font: 14px/1.5 system-ui, sans-serif; color: var(--fg); margin: 2rem auto; max-width: 72rem; padding: 0 1rem; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid var(--line); } h3 { font-size: 1rem; margin: 1.2rem 0 .3rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; } th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--bg2); } code, pre { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; } pre { background: var(--bg2); padding: .5rem; overflow: auto; white-space: pre-wrap; }
.verdict { font-weight: 600; } .differs, .error { color: var(--bad); } .agrees { color: var(--good); } .service-does, .note, .warning, .could-not-check { color: var(--note); }
.muted { color: var(--muted); } .counts span { margin-right: 1.2rem; }
";

/// `text` as HTML text (or an attribute's value).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A page being written.
struct Page {
    out: String,
}

impl Page {
    fn new(title: &str) -> Self {
        let mut out = String::from("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        // Nothing may be fetched: no script, no image, no style from elsewhere.
        out.push_str(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n",
        );
        out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
        out.push_str(&escape(title));
        out.push_str("</title>\n<style>");
        out.push_str(STYLE);
        out.push_str("</style>\n</head>\n<body>\n");
        Self { out }
    }

    /// `<tag class="class">text</tag>`, the text escaped.
    fn text(&mut self, tag: &str, class: &str, text: &str) {
        self.out.push('<');
        self.out.push_str(tag);
        if !class.is_empty() {
            self.out.push_str(" class=\"");
            self.out.push_str(class);
            self.out.push('"');
        }
        self.out.push('>');
        self.out.push_str(&escape(text));
        self.out.push_str("</");
        self.out.push_str(tag);
        self.out.push_str(">\n");
    }

    /// Markup written as it is (the page's own, never a text of the run's).
    fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// A table: its head and its rows, each cell `(class, text)`.
    fn table(&mut self, head: &[&str], rows: &[Vec<(&str, String)>]) {
        self.raw("<table>\n<tr>");
        for h in head {
            self.raw("<th>");
            self.raw(&escape(h));
            self.raw("</th>");
        }
        self.raw("</tr>\n");
        for row in rows {
            self.raw("<tr>");
            for (class, cell) in row {
                if class.is_empty() {
                    self.raw("<td>");
                } else {
                    self.raw("<td class=\"");
                    self.raw(class);
                    self.raw("\">");
                }
                self.raw(&escape(cell));
                self.raw("</td>");
            }
            self.raw("</tr>\n");
        }
        self.raw("</table>\n");
    }

    /// A text shown folded (an answer's body).
    fn folded(&mut self, summary: &str, text: &str) {
        self.raw("<details><summary>");
        self.raw(&escape(summary));
        self.raw("</summary><pre>");
        self.raw(&escape(text));
        self.raw("</pre></details>\n");
    }

    fn finish(mut self) -> String {
        self.raw("</body>\n</html>\n");
        self.out
    }
}

/// A verdict's class (its word, as CSS reads it).
fn verdict_class(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Agrees => "agrees",
        Verdict::Differs => "differs",
        Verdict::ServiceDoes => "service-does",
        Verdict::CouldNotCheck => "could-not-check",
    }
}

/// Whose a rule is: the spec states it, or the SDK infers it where the spec is silent.
fn source_word(source: Source) -> &'static str {
    match source {
        Source::Spec => "the spec",
        _ => "inferred by the SDK",
    }
}

/// A table of differences, side by side: where, what the contract says (the
/// rule's message, whose it is and its code), what the service answered (the
/// first place it did, how often), the verdict and the rule; with the
/// endpoint first when the rows have one. `answers`: the rows are an
/// answer's differences (else a request's issues), which their verdict words.
fn differences_table(page: &mut Page, answers: bool, differences: &[(Option<&str>, &Difference)]) {
    let by_endpoint = differences.iter().any(|(endpoint, _)| endpoint.is_some());
    let mut head = Vec::new();
    if by_endpoint {
        head.push("Endpoint");
    }
    head.extend(["Where", "What the contract says", "What the service answered", "Verdict", "Rule"]);
    let rows: Vec<Vec<(&str, String)>> = differences
        .iter()
        .map(|(endpoint, d)| {
            let verdict = d.verdict(answers);
            let times = if d.count > 1 { format!(", {} times", d.count) } else { String::new() };
            let mut row = Vec::with_capacity(6);
            if by_endpoint {
                row.push(("", endpoint.unwrap_or_default().to_owned()));
            }
            row.extend([
                ("", d.path.clone()),
                ("", format!("{} ({}: {})", d.message, source_word(d.source), d.code)),
                ("", format!("at {}{times}", d.example)),
                (verdict, String::from(verdict)),
                ("", String::from(d.rule)),
            ]);
            row
        })
        .collect();
    page.table(&head, &rows);
}

/// The endpoint a check's request went to (`None`: no request, or a path
/// that is none of the service's).
fn endpoint_of(check: &Check) -> Option<Endpoint> {
    check.request.as_ref().and_then(|sent| Endpoint::at_path(&sent.path)).map(|(endpoint, _)| endpoint)
}

/// `npx licensing-sdk verify --html FILE`: each endpoint's checks with their
/// verdicts, each difference from the contract side by side, and the
/// exchange behind each check.
pub fn verify_page(report: &Report) -> String {
    let mut page = Page::new(&format!("licensing-sdk verify: {}", report.base_url));
    page.text("h1", "", &format!("licensing-sdk verify: {}", report.base_url));
    let s = &report.summary;
    page.raw("<p class=\"counts\">");
    for (class, n, word) in [
        ("agrees", s.agrees, "agree"),
        ("differs", s.differs, "differ"),
        ("service-does", s.service_does, "what the service does where the spec is silent"),
        ("could-not-check", s.could_not_check, "could not be checked"),
    ] {
        page.raw(&format!("<span class=\"verdict {class}\">{n} {}</span>", escape(word)));
    }
    page.raw("</p>\n");
    page.text(
        "p",
        "muted",
        &format!("Writes: {}. Exit code {}.", if report.writes { "yes" } else { "no (read-only)" }, report.exit_code()),
    );
    if let Some(why) = &report.unusable {
        page.text("p", "differs", &format!("The run could not check this service: {why}"));
    }
    if let Some(limit) = report.answer_too_large {
        page.text("p", "differs", &format!("An answer was larger than {limit} bytes: its check could not be made."));
    }
    // Each endpoint's checks, in the spec's order; then those of no endpoint.
    let mut groups: Vec<(Option<Endpoint>, Vec<&Check>)> = Vec::new();
    for check in &report.checks {
        let endpoint = endpoint_of(check);
        match groups.iter_mut().find(|(e, _)| *e == endpoint) {
            Some((_, checks)) => checks.push(check),
            None => groups.push((endpoint, vec![check])),
        }
    }
    groups.sort_by_key(|(e, _)| {
        e.map_or(usize::MAX, |e| Endpoint::ALL.iter().position(|x| *x == e).unwrap_or(usize::MAX))
    });
    for (endpoint, checks) in groups {
        let title = match endpoint {
            Some(e) => format!("{} ({} {})", e.name(), e.method().as_str(), e.path_template()),
            None => String::from("The service as a whole"),
        };
        page.text("h2", "", &title);
        for check in checks {
            page.raw(&format!(
                "<h3 id=\"{}\"><span class=\"verdict {}\">{}</span> <code>{}</code> {}</h3>\n",
                escape(&check.id),
                verdict_class(check.verdict),
                escape(check.verdict.as_str()),
                escape(&check.id),
                escape(&check.title),
            ));
            page.text("p", "", &format!("{} (the check's source: {}).", check.detail, source_word(check.source)));
            if let Some(sent) = &check.request {
                let status = sent.status.map_or(String::from("no answer"), |s| format!("HTTP {s}"));
                page.text("p", "muted", &format!("{} {} → {status}", sent.method, sent.path));
                if let Some(answer) = &sent.answer {
                    page.folded("The answer (tokens redacted)", answer);
                }
            }
            if !check.differences.is_empty() {
                let differences: Vec<(Option<&str>, &Difference)> =
                    check.differences.iter().map(|d| (None, d)).collect();
                differences_table(&mut page, true, &differences);
            }
        }
    }
    page.finish()
}

/// The proxy's `--html FILE`: what it saw per endpoint, each difference of
/// the answers from the contract side by side with the exchange that first
/// showed it, and each issue of the requests.
pub fn proxy_page(upstream: &str, summary: &ProxySummary, exhibits: &[Exhibit]) -> String {
    let title = format!("licensing-sdk-sim proxy: {upstream}");
    let mut page = Page::new(&title);
    page.text("h1", "", &title);
    if summary.endpoints.is_empty() {
        page.text("p", "muted", "No request reached an endpoint of the service.");
    } else {
        let rows: Vec<Vec<(&str, String)>> = summary
            .endpoints
            .iter()
            .map(|c| {
                let differing = if c.differing > 0 { "differs" } else { "" };
                vec![
                    ("", c.endpoint.clone()),
                    ("", c.requests.to_string()),
                    (if c.invalid > 0 { "error" } else { "" }, c.invalid.to_string()),
                    ("", c.refused.to_string()),
                    ("", c.answers.to_string()),
                    (differing, c.differing.to_string()),
                ]
            })
            .collect();
        page.table(&["Endpoint", "Requests", "Invalid", "Refused here", "Answers", "Differing from the spec"], &rows);
    }
    page.text("h2", "", "What the answers differ in");
    if summary.answers.is_empty() {
        page.text("p", "agrees", "Every answer agrees with the contract.");
    } else {
        let rows: Vec<(Option<&str>, &Difference)> =
            summary.answers.iter().map(|(e, d)| (Some(e.as_str()), d)).collect();
        differences_table(&mut page, true, &rows);
        page.text("h2", "", "The exchanges behind them");
        for exhibit in exhibits {
            page.text("h3", "", &format!("{} {} ({})", exhibit.endpoint, exhibit.path, exhibit.code));
            page.text("p", "muted", &format!("{} {} → HTTP {}", exhibit.method, exhibit.target, exhibit.status));
            page.folded("The answer (tokens redacted)", &exhibit.answer);
        }
    }
    page.text("h2", "", "What the requests had");
    if summary.requests.is_empty() {
        page.text("p", "agrees", "No request had an issue.");
    } else {
        let rows: Vec<(Option<&str>, &Difference)> =
            summary.requests.iter().map(|(e, d)| (Some(e.as_str()), d)).collect();
        differences_table(&mut page, false, &rows);
    }
    page.finish()
}

#[cfg(test)]
mod tests {
    use licensing_sim_core::RequestHead;

    use super::{escape, proxy_page};
    use crate::proxy::{Inspector, Output, ProxyOptions};
    use crate::recording::{Exchange, RecordedRequest, RecordedResponse};

    /// The exchange behind each difference of the answers is the first that
    /// showed it, once, its tokens redacted; the HTML page shows it escaped.
    #[test]
    fn each_difference_keeps_the_exchange_that_showed_it_first() {
        let token = "tok-s3cret";
        let mut proxy = Inspector::new(ProxyOptions::default());
        let head = RequestHead::new("POST", "/order/api/order/v1/asset/lock", Some("g_nonce=n"))
            .header("authorization", &format!("Bearer {token}"))
            .header("content-type", "application/json");
        let body = r#"{"assetNums":["8000000001"],"operatorIdentity":"ops"}"#;
        proxy.request(&head, body.as_bytes());
        let answer = |status: u32| {
            format!(r#"{{"code":0,"message":"<b>{token}</b>","data":[{{"assetNum":"8000000001","status":{status}}}]}}"#)
        };
        for (nonce, status) in [("n1", 9), ("n2", 9), ("n3", 1)] {
            let request = RecordedRequest::new(
                "POST",
                "/order/api/order/v1/asset/lock",
                Some(&format!("g_nonce={nonce}")),
                vec![],
                Some(body.into()),
            );
            let exchange = Exchange::new(request, Some(RecordedResponse::new(200, vec![], answer(status))));
            proxy.finish(&exchange, false, &Output::default());
        }
        let exhibits = proxy.exhibits();
        assert_eq!(exhibits.len(), 1, "{exhibits:?}");
        let first = &exhibits[0];
        assert_eq!(
            (first.endpoint.as_str(), first.code, first.path.as_str()),
            ("lockAssets", "enum", "/data/*/status")
        );
        assert_eq!(
            (first.method.as_str(), first.target.as_str(), first.status),
            ("POST", "/order/api/order/v1/asset/lock?g_nonce=n1", 200)
        );
        assert!(first.answer.contains("[redacted]") && !first.answer.contains(token), "{}", first.answer);
        let page = proxy_page("https://licensing.example", proxy.summary(), proxy.exhibits());
        assert!(!page.contains(token) && !page.contains("<b>"), "tokens redacted, texts escaped");
        assert!(page.contains("&lt;b&gt;[redacted]&lt;/b&gt;"), "the answer shown as text");
        assert!(page.contains("<td class=\"differs\">differs</td>"));
    }

    #[test]
    fn every_markup_character_is_escaped() {
        assert_eq!(
            escape(r#"<script>alert("x" & 'y')</script>"#),
            "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;"
        );
    }
}
