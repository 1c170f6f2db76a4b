//! "Did you mean …?": the closest of a list of known words to a misspelt one, by
//! Levenshtein edit distance (insertions, deletions, substitutions, each costing 1),
//! accepted only when the distance is small against the word's length.

/// The edit distance between `a` and `b`, counted in characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// The known words close to `word`, closest first (ties keep the order of `known`).
/// Close means at most a third of the longer word's length, and at least 1 edit allowed;
/// a case-insensitive match always counts.
pub fn close_matches<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = word.to_lowercase();
    let mut scored: Vec<(usize, &'a str)> = known
        .into_iter()
        .filter_map(|k| {
            let d = edit_distance(&lower, &k.to_lowercase());
            let allowed = (word.chars().count().max(k.chars().count()) / 3).max(1);
            (d <= allowed).then_some((d, k))
        })
        .collect();
    scored.sort_by_key(|&(d, _)| d);
    scored.into_iter().map(|(_, k)| k).collect()
}

/// A hint naming the closest known word, or `None` if nothing is close.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    close_matches(word, known)
        .first()
        .map(|k| format!("did you mean `{k}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("shape", "shape"), 0);
        assert_eq!(edit_distance("shap", "shape"), 1);
        assert_eq!(edit_distance("sahpe", "shape"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("智慧", "智"), 1);
    }

    #[test]
    fn suggestions() {
        let keys = ["name", "shape", "count", "mirror", "label", "color"];
        assert_eq!(
            did_you_mean("shap", keys).as_deref(),
            Some("did you mean `shape`?")
        );
        assert_eq!(
            did_you_mean("colour", keys).as_deref(),
            Some("did you mean `color`?")
        );
        assert_eq!(did_you_mean("zzzzzz", keys), None);
        assert_eq!(
            close_matches("6x1O", ["6x10", "5x12", "3x20"]),
            vec!["6x10"]
        );
    }
}
