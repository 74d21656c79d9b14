//! After the run: what the bots saw against what the store kept. Merges the
//! bots' records per game, reads every game back (`server::store::open`),
//! runs the store's `audit()`, and counts the games lost (an action a bot saw
//! applied missing from the stored log, a game the store does not know, a
//! game that stopped moving, a bot that could not play on) and the games
//! settled by a fault (`disconnect`, `timeouts`, `abandoned` while both bots
//! were playing: these bots never leave and never let their clock run out).

use std::collections::BTreeMap;

use engine::baifang::referee_protocol::EndReason;
use engine::baifang::Action;
use server::store::{Database, Store};

use crate::bot::Outcome;
use crate::play::GameSeen;

/// One game as both of its bots saw it.
#[derive(Default)]
struct Merged {
    /// The longest log either bot saw applied.
    log: Vec<Action>,
    end: Option<EndReason>,
    lost: Vec<String>,
}

/// The counts the run is judged by.
#[derive(Default)]
pub struct Verdict {
    pub games: usize,
    pub lost: Vec<(String, String)>,
    pub fault_settled: Vec<(String, EndReason)>,
    pub bots_stopped: Vec<String>,
    pub audit: Vec<String>,
    /// Counted disconnects and step timeouts in the stored logs (penalties a
    /// fault put on players who were there all along).
    pub penalties: (usize, usize),
}

fn is_fault(r: EndReason) -> bool {
    matches!(
        r,
        EndReason::Disconnect | EndReason::Timeouts | EndReason::Abandoned | EndReason::Aborted
    )
}

fn merge(outcomes: &[Outcome]) -> BTreeMap<String, Merged> {
    let mut games: BTreeMap<String, Merged> = BTreeMap::new();
    for g in outcomes.iter().flat_map(|o| &o.games) {
        let m = games.entry(g.id.clone()).or_default();
        add(m, g);
    }
    games
}

fn add(m: &mut Merged, g: &GameSeen) {
    let (short, long) = if g.log.len() > m.log.len() {
        (&m.log, &g.log)
    } else {
        (&g.log, &m.log)
    };
    if !long.starts_with(short) {
        m.lost
            .push("its two bots saw different actions applied".into());
    }
    if g.log.len() > m.log.len() {
        m.log = g.log.clone();
    }
    m.end = m.end.or(g.end);
    m.lost.extend(g.lost.clone());
}

/// Reads the store and judges the run.
pub async fn judge(database: &str, outcomes: &[Outcome]) -> Result<Verdict, String> {
    let store = server::store::open(&Database::parse(database))
        .await
        .map_err(|e| format!("cannot open the store: {e}"))?;
    let mut v = Verdict {
        audit: store.audit().await.map_err(|e| e.to_string())?,
        bots_stopped: outcomes.iter().filter_map(|o| o.stopped.clone()).collect(),
        ..Verdict::default()
    };
    let games = merge(outcomes);
    v.games = games.len();
    for (id, m) in games {
        check_game(store.as_ref(), &id, m, &mut v).await?;
    }
    Ok(v)
}

async fn check_game(
    store: &dyn Store,
    id: &str,
    mut m: Merged,
    v: &mut Verdict,
) -> Result<(), String> {
    let err = |e: server::store::StoreError| e.to_string();
    let (stored, end) = match store.finished_game(id.to_string()).await.map_err(err)? {
        Some(f) => (f.log, Some(f.result.reason)),
        None => match store.game_in_progress(id.to_string()).await.map_err(err)? {
            Some(g) => (g.log, None),
            None => {
                m.lost.push("the store does not know it".into());
                (Vec::new(), None)
            }
        },
    };
    if !stored.starts_with(&m.log) {
        m.lost.push(format!(
            "the stored log ({} actions) lacks an action the bots saw applied ({} seen)",
            stored.len(),
            m.log.len()
        ));
    }
    if let (Some(seen), Some(kept)) = (m.end, end) {
        if seen != kept {
            m.lost.push(format!(
                "the bots saw it end by {seen:?}, the store says {kept:?}"
            ));
        }
    }
    // The stop at the end freezes games; an end only the store knows came before it.
    if let Some(reason) = end.filter(|r| is_fault(*r)) {
        v.fault_settled.push((id.to_string(), reason));
    }
    // Counted while the bots played (what the stop at the end adds is not theirs).
    for a in &m.log {
        match a {
            Action::Disconnect { .. } => v.penalties.0 += 1,
            Action::Timeout => v.penalties.1 += 1,
            _ => {}
        }
    }
    if let Some(why) = m.lost.first() {
        v.lost.push((id.to_string(), why.clone()));
    }
    Ok(())
}

impl Verdict {
    /// Prints the verdict; true when nothing was lost or settled by a fault
    /// and the store is sound.
    pub fn report(&self) -> bool {
        println!(
            "games checked against the store: {} (disconnects counted while playing {}, step timeouts {})",
            self.games, self.penalties.0, self.penalties.1
        );
        println!("games lost: {}", self.lost.len() + self.bots_stopped.len());
        for (id, why) in self.lost.iter().take(8) {
            println!("  game {id}: {why}");
        }
        for why in self.bots_stopped.iter().take(4) {
            println!("  a bot could not play on: {why}");
        }
        let mut by: BTreeMap<String, usize> = BTreeMap::new();
        for (_, r) in &self.fault_settled {
            *by.entry(format!("{r:?}")).or_default() += 1;
        }
        println!(
            "games settled by a fault: {} {by:?}",
            self.fault_settled.len()
        );
        if self.audit.is_empty() {
            println!("store audit: sound");
        } else {
            println!("store audit: {} breaches", self.audit.len());
            for b in self.audit.iter().take(8) {
                println!("  {b}");
            }
        }
        self.lost.is_empty()
            && self.bots_stopped.is_empty()
            && self.fault_settled.is_empty()
            && self.audit.is_empty()
    }
}
