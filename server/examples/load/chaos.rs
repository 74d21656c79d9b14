//! The faults of chaos mode, one every `--chaos-every` seconds in turn: Redis
//! killed (SIGKILL) and restarted empty on its port after the outage, or one
//! server instance killed (SIGKILL) and restarted on its port with the same
//! database and cluster after the outage (the instances take turns).

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{watch, Mutex};

use crate::servers::{OwnRedis, Server, ServerSpec};

/// A kind of fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Fault {
    Redis,
    Instance,
}

/// The servers as they run now (a restart replaces one).
pub type Fleet = Arc<Mutex<Vec<(ServerSpec, Server)>>>;

/// The schedule.
pub struct Plan {
    pub every: Duration,
    pub outage: Duration,
    pub faults: Vec<Fault>,
}

/// Injects faults until `stop` is set; returns what happened, one line each.
pub async fn run(
    plan: Plan,
    fleet: Fleet,
    mut redis: Option<OwnRedis>,
    mut stop: watch::Receiver<bool>,
) -> (Vec<String>, Option<OwnRedis>) {
    let t0 = Instant::now();
    let mut log = Vec::new();
    let mut next_instance = 0;
    let start = tokio::time::Instant::now();
    for n in 0.. {
        // On a fixed beat: a slow restart does not push the later faults back.
        let at = start + plan.every * (n as u32 + 1);
        tokio::select! {
            _ = tokio::time::sleep_until(at) => {}
            _ = stop.wait_for(|s| *s) => break,
        }
        let fault = plan.faults[n % plan.faults.len()];
        let t = t0.elapsed().as_secs_f64();
        let line = match (fault, redis.as_mut()) {
            (Fault::Redis, Some(r)) => restart_redis(r, plan.outage).await,
            (Fault::Redis, None) => "no own Redis to kill".to_string(),
            (Fault::Instance, _) => {
                let i = next_instance;
                next_instance += 1;
                restart_instance(&fleet, i, plan.outage).await
            }
        };
        println!("chaos t={t:.1} s: {line}");
        log.push(format!("t={t:.1} s: {line}"));
    }
    (log, redis)
}

async fn restart_redis(r: &mut OwnRedis, outage: Duration) -> String {
    r.kill().await;
    tokio::time::sleep(outage).await;
    let t = Instant::now();
    match r.restart().await {
        Ok(()) => format!(
            "Redis killed, restarted empty after {:.1} s (up in {} ms)",
            outage.as_secs_f64(),
            t.elapsed().as_millis()
        ),
        Err(e) => format!("Redis killed; restart failed: {e}"),
    }
}

async fn restart_instance(fleet: &Fleet, i: usize, outage: Duration) -> String {
    let (k, mut spec, pid) = {
        let mut f = fleet.lock().await;
        let k = i % f.len();
        let (spec, server) = &mut f[k];
        server.kill().await;
        (k, spec.clone(), server.pid)
    };
    tokio::time::sleep(outage).await;
    let t = Instant::now();
    match spec.start().await {
        Ok(server) => {
            let line = format!(
                "instance {k} (pid {pid}) killed, restarted on {} after {:.1} s (up in {} ms)",
                server.addr,
                outage.as_secs_f64(),
                t.elapsed().as_millis()
            );
            fleet.lock().await[k] = (spec, server);
            line
        }
        Err(e) => format!("instance {k} (pid {pid}) killed; restart failed: {e}"),
    }
}
