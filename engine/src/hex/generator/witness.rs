//! Alternative solutions the generator has killed, kept as witnesses: a stored
//! path that breaks exactly one constraint proves that constraint is needed
//! (drop it and that path solves the level), with no search at all. A stored path
//! that breaks walls or spinners but no clue proves the walls matter.

/// A constraint the generator placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Con {
    /// The clue at this step (1-based), on the author's cell.
    Clue(usize),
    /// A static wall between two cells.
    Wall(u16, u16),
    /// A spinner: the edges it blocks, each with the `t % 3` at which it blocks.
    Spinner([Option<(u16, u16, u8)>; 3]),
}

impl Con {
    fn is_clue(&self) -> bool {
        matches!(self, Con::Clue(_))
    }
}

/// A path other than the author's, with each cell's position in it.
struct Alt {
    path: Vec<u16>,
    at: Vec<u16>,
    /// Live constraints it breaks, by index into [`Witnesses::cons`].
    breaks: Vec<usize>,
}

impl Alt {
    fn uses(&self, a: u16, b: u16) -> Option<usize> {
        let (x, y) = (self.at[a as usize], self.at[b as usize]);
        (x.abs_diff(y) == 1).then(|| x.min(y) as usize)
    }

    fn breaks_con(&self, con: &Con, author: &[u16]) -> bool {
        match *con {
            Con::Clue(s) => self.path[s - 1] != author[s - 1],
            Con::Wall(a, b) => self.uses(a, b).is_some(),
            Con::Spinner(edges) => edges.iter().flatten().any(|&(a, b, m)| {
                // the step out of position i is taken with i + 1 cells on the path
                self.uses(a, b).is_some_and(|i| (i + 1) % 3 == m as usize)
            }),
        }
    }
}

/// The constraints placed so far and the killed alternatives.
pub(crate) struct Witnesses {
    author: Vec<u16>,
    cons: Vec<Con>,
    live: Vec<bool>,
    alts: Vec<Alt>,
}

impl Witnesses {
    pub fn new(author: &[u16]) -> Witnesses {
        Witnesses {
            author: author.to_vec(),
            cons: Vec::new(),
            live: Vec::new(),
            alts: Vec::new(),
        }
    }

    /// Adds a constraint; returns its index.
    pub fn add(&mut self, con: Con) -> usize {
        let id = self.cons.len();
        for alt in &mut self.alts {
            if alt.breaks_con(&con, &self.author) {
                alt.breaks.push(id);
            }
        }
        self.cons.push(con);
        self.live.push(true);
        id
    }

    pub fn remove(&mut self, id: usize) {
        self.live[id] = false;
        for alt in &mut self.alts {
            alt.breaks.retain(|&c| c != id);
        }
    }

    /// Stores a path other than the author's, noting which live constraints it breaks.
    pub fn store(&mut self, path: &[u16]) {
        let mut at = vec![0u16; path.len()];
        for (i, &c) in path.iter().enumerate() {
            at[c as usize] = i as u16;
        }
        let mut alt = Alt {
            path: path.to_vec(),
            at,
            breaks: Vec::new(),
        };
        for (id, con) in self.cons.iter().enumerate() {
            if self.live[id] && alt.breaks_con(con, &self.author) {
                alt.breaks.push(id);
            }
        }
        self.alts.push(alt);
    }

    /// Whether some stored path breaks exactly `id` and nothing else.
    pub fn witnessed(&self, id: usize) -> bool {
        self.alts.iter().any(|a| a.breaks == [id])
    }

    /// Whether some stored path breaks walls or spinners but no clue: without walls
    /// and spinners it solves the level too, so the walls matter.
    pub fn walls_matter(&self) -> bool {
        self.alts
            .iter()
            .any(|a| !a.breaks.is_empty() && a.breaks.iter().all(|&c| !self.cons[c].is_clue()))
    }

    /// The cost of adding `con`: first whether it would leave the walls without a
    /// witness that they matter, then how many constraints would lose their last
    /// witness. Lower is better.
    pub fn loss(&self, con: &Con) -> (bool, u32) {
        let matter_before = self.walls_matter();
        let mut matter_after = false;
        // per constraint: (witnesses, witnesses the new constraint breaks)
        let mut tally: Vec<(u32, u32)> = vec![(0, 0); self.cons.len()];
        for a in &self.alts {
            let hit = a.breaks_con(con, &self.author);
            if let [only] = a.breaks[..] {
                tally[only].0 += 1;
                tally[only].1 += hit as u32;
            }
            let no_clue = a.breaks.iter().all(|&c| !self.cons[c].is_clue());
            matter_after |= if con.is_clue() {
                !hit && no_clue && !a.breaks.is_empty()
            } else {
                no_clue && (hit || !a.breaks.is_empty())
            };
        }
        let lost = tally.iter().filter(|&&(w, h)| w > 0 && w == h).count() as u32;
        (matter_before && !matter_after, lost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_breaking_one_clue_witnesses_it() {
        let author = [0u16, 1, 2, 3];
        let mut w = Witnesses::new(&author);
        let c3 = w.add(Con::Clue(3));
        w.store(&[0, 1, 3, 2]);
        assert!(w.witnessed(c3));
        assert!(!w.walls_matter());
        // a wall on 1–3 also breaks that path: the clue loses its only witness
        let wall = Con::Wall(1, 3);
        assert_eq!(w.loss(&wall), (false, 1));
        let id = w.add(wall);
        assert!(!w.witnessed(c3));
        w.remove(c3);
        assert!(w.witnessed(id));
        assert!(w.walls_matter());
        // a clue that path keeps would not cost the walls their witness
        assert_eq!(w.loss(&Con::Clue(2)), (false, 0));
        assert_eq!(w.loss(&Con::Clue(4)), (true, 1));
    }

    #[test]
    fn spinners_break_paths_at_their_beat() {
        let author = [0u16, 1, 2];
        let mut w = Witnesses::new(&author);
        // blocks 0–2 when t % 3 == 1, i.e. on the first step
        let id = w.add(Con::Spinner([Some((0, 2, 1)), None, None]));
        w.store(&[0, 2, 1]);
        assert!(w.witnessed(id));
        w.store(&[1, 0, 2]); // 0–2 taken with t = 2: not blocked
        assert_eq!(w.alts[1].breaks, Vec::<usize>::new());
    }
}
