//! The level catalogue: the packs in `levels/pack-*.json`, embedded at compile time
//! by `build.rs`, parsed and validated by the engine once, and arranged into three
//! lines: the main line (the tutorial, then the regular packs, unlocked one level
//! after another), the experimental spinner branch and the large packs (each
//! line's first level unlocked once every pack before it is cleared, then one
//! level after another). Which pack is which, the order packs are listed in and
//! which packs come before a line are the engine's content law
//! ([`engine::hex::content::pack_kind`], [`engine::hex::content::progression`]).

use std::sync::OnceLock;

use engine::hex::content::{earlier_packs, listing_key, pack_kind, PackKind};
use engine::hex::level_file::parse_pack_titled;
use engine::hex::Level;
use web_core::i18n::Lang;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/packs.rs"));
}

/// One pack as shown in the level select.
#[derive(Clone, Debug)]
pub struct PackInfo {
    pub number: u32,
    pub title: String,
    /// The title on English screens (the file's `titleEn`).
    pub title_en: Option<String>,
    pub kind: PackKind,
    pub levels: Vec<Level>,
}

impl PackInfo {
    /// The spinner pack: the experimental branch beside the main line.
    pub fn experimental(&self) -> bool {
        self.kind == PackKind::Spinner
    }

    /// Whether the pack is on the main line (the tutorial and the regular packs);
    /// the spinner branch and the large packs are lines of their own, each opened
    /// once every pack before it is cleared.
    pub fn on_main_line(&self) -> bool {
        !matches!(self.kind, PackKind::Spinner | PackKind::Large)
    }
}

/// What opens a level ([`Catalog::requirement`]): the one unlock rule the level
/// select both applies and words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requirement {
    /// Open from the start (the main line's first level).
    Nothing,
    /// Open once this level, the one before it in its line, is cleared.
    Level(LevelRef),
    /// Open once every pack met before it is cleared (the first level of the
    /// branch, of this kind, or of the large packs' line).
    EarlierPacks(PackKind),
    /// A level outside every line (not reached with the shipped catalogue).
    Never,
}

/// Where a level sits: pack position and level position in the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelRef {
    pub pack: usize,
    pub level: usize,
}

/// All packs, in the order players meet them, with any loading problems.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    pub packs: Vec<PackInfo>,
    /// Level titles on English screens, by level id (the files' `titleEn`).
    pub titles_en: Vec<(String, String)>,
    /// Human sentences for packs or levels that could not be loaded (they are left out).
    pub problems: Vec<String>,
}

/// The label players see: `{pack}-{index}`, or the level id when either is missing.
pub fn display_id(level: &Level) -> String {
    match (level.pack, level.index) {
        (Some(p), Some(i)) => format!("{p}-{i}"),
        _ => level.id.clone(),
    }
}

impl Catalog {
    /// Parses `(file name, text)` pack files. Broken packs and repeated level ids
    /// are reported in `problems` and left out; the rest still load.
    pub fn from_files(files: &[(&str, &str)]) -> Catalog {
        let mut packs: Vec<PackInfo> = Vec::new();
        let mut problems = Vec::new();
        let mut titles_en = Vec::new();
        for (name, text) in files {
            match parse_pack_titled(text) {
                Ok((pack, titles)) => {
                    if packs.iter().any(|p| p.number == pack.pack) {
                        problems.push(format!("{name}: pack {} is defined twice", pack.pack));
                        continue;
                    }
                    titles_en.extend(titles.levels);
                    packs.push(PackInfo {
                        number: pack.pack,
                        title: pack.title,
                        title_en: titles.pack,
                        kind: pack_kind(pack.pack),
                        levels: pack.levels,
                    });
                }
                Err(errors) => {
                    for e in errors {
                        problems.push(format!("{name}: {e}"));
                    }
                }
            }
        }
        packs.sort_by_key(|p| listing_key(p.number));
        // Level ids are the save keys: a repeated id would share progress, so drop it.
        let mut seen: Vec<String> = Vec::new();
        for pack in &mut packs {
            pack.levels.retain(|l| {
                if seen.contains(&l.id) {
                    problems.push(format!(
                        "level id \"{}\" appears in more than one pack",
                        l.id
                    ));
                    false
                } else {
                    seen.push(l.id.clone());
                    true
                }
            });
        }
        packs.retain(|p| !p.levels.is_empty());
        Catalog {
            packs,
            titles_en,
            problems,
        }
    }

    /// A level's title in `lang` (English falls back to none, never to the Chinese).
    pub fn level_title<'a>(&'a self, level: &'a Level, lang: Lang) -> Option<&'a str> {
        match lang {
            Lang::Zh => level.title.as_deref(),
            Lang::En => self
                .titles_en
                .iter()
                .find(|(id, _)| *id == level.id)
                .map(|(_, t)| t.as_str()),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.packs.is_empty()
    }

    pub fn level(&self, r: LevelRef) -> &Level {
        &self.packs[r.pack].levels[r.level]
    }

    pub fn pack(&self, r: LevelRef) -> &PackInfo {
        &self.packs[r.pack]
    }

    /// The level with id `id`.
    pub fn find(&self, id: &str) -> Option<LevelRef> {
        self.packs.iter().enumerate().find_map(|(p, pack)| {
            pack.levels
                .iter()
                .position(|l| l.id == id)
                .map(|level| LevelRef { pack: p, level })
        })
    }

    /// Every level of the packs for which `keep(pack)` holds, in order.
    fn line(&self, keep: impl Fn(&PackInfo) -> bool) -> Vec<LevelRef> {
        self.packs
            .iter()
            .enumerate()
            .filter(|(_, p)| keep(p))
            .flat_map(|(p, pack)| {
                (0..pack.levels.len()).map(move |level| LevelRef { pack: p, level })
            })
            .collect()
    }

    /// The main line: the tutorial and the regular packs.
    pub fn main_line(&self) -> Vec<LevelRef> {
        self.line(|p| p.on_main_line())
    }

    /// The experimental branch: the spinner packs.
    pub fn branch_line(&self) -> Vec<LevelRef> {
        self.line(|p| p.experimental())
    }

    /// The large packs' line, met after the branch.
    pub fn large_line(&self) -> Vec<LevelRef> {
        self.line(|p| p.kind == PackKind::Large)
    }

    fn line_of(&self, r: LevelRef) -> Vec<LevelRef> {
        let pack = &self.packs[r.pack];
        if pack.experimental() {
            self.branch_line()
        } else if pack.on_main_line() {
            self.main_line()
        } else {
            self.large_line()
        }
    }

    /// Whether every level of the packs met before pack `p` (the engine's
    /// [`earlier_packs`], those loaded) is cleared: the first level of the branch,
    /// or of the large packs' line, opens then.
    pub fn earlier_packs_cleared(&self, p: usize, cleared: &dyn Fn(&str) -> bool) -> bool {
        let earlier = earlier_packs(self.packs[p].number);
        self.packs
            .iter()
            .filter(|pack| earlier.contains(&pack.number))
            .all(|pack| pack.levels.iter().all(|l| cleared(&l.id)))
    }

    /// What opens level `r` (besides having cleared it): nothing for the main
    /// line's first level; the level before it in its line; or, for the first level
    /// of the branch and of the large packs' line, every pack before it.
    pub fn requirement(&self, r: LevelRef) -> Requirement {
        let line = self.line_of(r);
        match line.iter().position(|&x| x == r) {
            Some(0) if self.packs[r.pack].on_main_line() => Requirement::Nothing,
            Some(0) => Requirement::EarlierPacks(self.packs[r.pack].kind),
            Some(k) => Requirement::Level(line[k - 1]),
            None => Requirement::Never,
        }
    }

    /// Linear unlock ([`Catalog::requirement`]): the first level of the main line is
    /// open; every other level opens when the one before it in its line is cleared;
    /// the first level of the branch and of the large packs' line opens when every
    /// pack before it is cleared. A cleared level always stays open.
    pub fn is_unlocked(&self, r: LevelRef, cleared: &dyn Fn(&str) -> bool) -> bool {
        if cleared(&self.level(r).id) {
            return true;
        }
        match self.requirement(r) {
            Requirement::Nothing => true,
            Requirement::Level(before) => cleared(&self.level(before).id),
            Requirement::EarlierPacks(_) => self.earlier_packs_cleared(r.pack, cleared),
            Requirement::Never => false,
        }
    }

    /// The level that follows `r` in its line (None at the end of the line).
    pub fn next_after(&self, r: LevelRef) -> Option<LevelRef> {
        let line = self.line_of(r);
        let k = line.iter().position(|&x| x == r)?;
        line.get(k + 1).copied()
    }

    /// Where "continue" leads: the first unlocked, uncleared level of the main line,
    /// else of the branch, else of the large packs; None when everything is cleared.
    pub fn first_open(&self, cleared: &dyn Fn(&str) -> bool) -> Option<LevelRef> {
        self.main_line()
            .into_iter()
            .chain(self.branch_line())
            .chain(self.large_line())
            .find(|&r| !cleared(&self.level(r).id) && self.is_unlocked(r, cleared))
    }
}

/// The embedded catalogue, parsed on first use. Problems are logged to the console.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let c = Catalog::from_files(embedded::PACK_FILES);
        for p in &c.problems {
            leptos::logging::error!("level pack problem: {p}");
        }
        c
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(id: &str, pack: u32, index: u32, spinner: bool) -> String {
        let spinners = if spinner {
            r#","spinners":[{"cell":"a","corner":0,"phase":0}]"#
        } else {
            ""
        };
        format!(
            r#"{{"id":"{id}","pack":{pack},"index":{index},"cells":[{{"id":"a","q":0,"r":0,"clue":1}},{{"id":"b","q":1,"r":0}},{{"id":"c","q":0,"r":1}}]{spinners}}}"#
        )
    }

    fn pack(number: u32, count: u32, spinner: bool) -> String {
        let levels: Vec<String> = (1..=count)
            .map(|i| level(&format!("{number}-{i}"), number, i, spinner))
            .collect();
        format!(
            r#"{{"pack":{number},"title":"p{number}","levels":[{}]}}"#,
            levels.join(",")
        )
    }

    #[test]
    fn every_shipped_pack_and_level_is_titled_in_both_languages() {
        use web_core::i18n::has_cjk;
        let c = Catalog::from_files(embedded::PACK_FILES);
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        for p in &c.packs {
            let en = p.title_en.as_deref().unwrap_or_default();
            assert!(has_cjk(&p.title), "pack {}", p.number);
            assert!(!en.is_empty() && !has_cjk(en), "pack {}: {en:?}", p.number);
            for l in &p.levels {
                assert!(c.level_title(l, Lang::Zh).is_some_and(has_cjk), "{}", l.id);
                let en = c.level_title(l, Lang::En).unwrap_or_default();
                assert!(!en.is_empty() && !has_cjk(en), "{}: {en:?}", l.id);
            }
        }
    }

    fn sample() -> Catalog {
        let (p1, p2, p3) = (pack(1, 3, false), pack(2, 2, true), pack(3, 2, false));
        // file order differs from the listing order on purpose
        Catalog::from_files(&[
            ("pack-2.json", &p2),
            ("pack-3.json", &p3),
            ("pack-1.json", &p1),
        ])
    }

    fn ids(c: &Catalog, line: Vec<LevelRef>) -> Vec<String> {
        line.into_iter().map(|r| c.level(r).id.clone()).collect()
    }

    #[test]
    fn packs_list_in_the_engines_order_and_split_into_lines() {
        let c = sample();
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        assert_eq!(
            c.packs.iter().map(|p| p.number).collect::<Vec<_>>(),
            [1, 3, 2]
        );
        assert!(c.packs[2].experimental());
        assert_eq!(ids(&c, c.main_line()), ["1-1", "1-2", "1-3", "3-1", "3-2"]);
        assert_eq!(ids(&c, c.branch_line()), ["2-1", "2-2"]);
        assert_eq!(display_id(c.level(c.find("3-2").unwrap())), "3-2");
    }

    #[test]
    fn linear_unlock_and_the_branch_after_the_main_line() {
        let c = sample();
        let open = |cleared: &[&str], id: &str| {
            let f = |x: &str| cleared.contains(&x);
            c.is_unlocked(c.find(id).unwrap(), &f)
        };
        assert!(open(&[], "1-1"));
        assert!(!open(&[], "1-2"));
        assert!(!open(&[], "2-1"));
        assert!(open(&["1-1"], "1-2"));
        assert!(!open(&["1-1", "1-2"], "2-1"));
        // the tutorial cleared: the main line goes on, the branch stays shut
        assert!(open(&["1-1", "1-2", "1-3"], "3-1"));
        assert!(!open(&["1-1", "1-2", "1-3"], "2-1"));
        assert!(!open(&["1-1", "1-2", "1-3", "3-1"], "2-1"));
        // the main line cleared (pack 3 is the last one loaded here): the branch opens
        let main = ["1-1", "1-2", "1-3", "3-1", "3-2"];
        assert!(open(&main, "2-1"));
        assert!(!open(&main, "2-2"));
        // a cleared level stays open even if an earlier one is somehow not cleared
        assert!(open(&["3-2"], "3-2"));
        // the rule the select words for a locked level
        let req = |id: &str| c.requirement(c.find(id).unwrap());
        assert_eq!(req("1-1"), Requirement::Nothing);
        assert_eq!(req("1-3"), Requirement::Level(c.find("1-2").unwrap()));
        assert_eq!(req("3-1"), Requirement::Level(c.find("1-3").unwrap()));
        assert_eq!(req("2-1"), Requirement::EarlierPacks(PackKind::Spinner));
    }

    #[test]
    fn next_follows_the_line_and_stops_at_its_end() {
        let c = sample();
        let next = |id: &str| {
            c.next_after(c.find(id).unwrap())
                .map(|r| c.level(r).id.clone())
        };
        assert_eq!(next("1-2").as_deref(), Some("1-3"));
        assert_eq!(next("1-3").as_deref(), Some("3-1"));
        assert_eq!(next("2-1").as_deref(), Some("2-2"));
        assert_eq!(next("2-2"), None);
        assert_eq!(next("3-2"), None);
        let f = |x: &str| ["1-1", "1-2", "1-3", "3-1", "3-2"].contains(&x);
        assert_eq!(
            c.first_open(&f).map(|r| c.level(r).id.clone()).as_deref(),
            Some("2-1")
        );
    }

    #[test]
    fn the_shipped_branch_opens_with_the_whole_main_line_cleared() {
        let c = Catalog::from_files(embedded::PACK_FILES);
        let main: Vec<String> = ids(&c, c.main_line());
        let branch = c.branch_line()[0];
        let opens = |ids: &[String]| c.is_unlocked(branch, &|x: &str| ids.iter().any(|i| i == x));
        assert!(opens(&main));
        let (last, but_last) = main.split_last().unwrap();
        assert!(!opens(but_last), "{last} not cleared");
        // the select lists the branch after the main line's last pack
        let branch_at = c.packs.iter().position(|p| p.experimental()).unwrap();
        assert!(c.packs[..branch_at].iter().all(|p| p.on_main_line()));
    }

    #[test]
    fn the_shipped_large_packs_open_after_the_branch() {
        let c = Catalog::from_files(embedded::PACK_FILES);
        let large = c.large_line();
        assert!(!large.is_empty(), "the large packs are shipped");
        // listed last, after the branch
        let first_large = c
            .packs
            .iter()
            .position(|p| p.kind == PackKind::Large)
            .unwrap();
        assert!(c.packs[..first_large].iter().any(|p| p.experimental()));
        assert!(c.packs[first_large..]
            .iter()
            .all(|p| p.kind == PackKind::Large));
        let mut before: Vec<String> = ids(&c, c.main_line());
        before.extend(ids(&c, c.branch_line()));
        let opens = |ids: &[String]| c.is_unlocked(large[0], &|x: &str| ids.iter().any(|i| i == x));
        assert!(opens(&before));
        let (last, but_last) = before.split_last().unwrap();
        assert!(!opens(but_last), "{last} not cleared");
        assert!(!opens(&ids(&c, c.main_line())), "the branch not cleared");
        // then one level after another, across the large packs
        let first = c.level(large[0]).id.clone();
        let second =
            |done: &[String]| c.is_unlocked(large[1], &|x: &str| done.iter().any(|i| i == x));
        assert!(!second(&before));
        assert!(second(&[first]));
        // "continue" goes on to the large packs once the branch is cleared
        let f = |x: &str| before.iter().any(|i| i == x);
        assert_eq!(c.first_open(&f), Some(large[0]));
    }

    #[test]
    fn broken_packs_are_reported_and_skipped() {
        let p1 = pack(1, 2, false);
        let c = Catalog::from_files(&[
            ("pack-1.json", &p1),
            ("pack-9.json", "{ not json"),
            ("pack-1b.json", &p1),
        ]);
        assert_eq!(c.packs.len(), 1);
        assert_eq!(c.problems.len(), 2, "{:?}", c.problems);
        assert!(c.problems[0].starts_with("pack-9.json"));
    }

    #[test]
    fn the_embedded_packs_load_cleanly() {
        let c = Catalog::from_files(embedded::PACK_FILES);
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        for pack in &c.packs {
            for (i, l) in pack.levels.iter().enumerate() {
                assert_eq!(l.pack, Some(pack.number), "{}", l.id);
                assert_eq!(l.index, Some(i as u32 + 1), "{}", l.id);
            }
        }
    }
}
