//! A `server` process for the tests that need real processes (killed,
//! frozen, restarted): started on loopback, its log kept.

use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::time::timeout;

use super::Services;

/// A server instance running as a child process.
pub struct Instance {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its instance id in the cluster (empty when alone).
    pub id: String,
    /// Every line it logged after its "serving" line.
    pub log: Arc<Mutex<Vec<String>>>,
}

impl Instance {
    /// Starts `target/…/server` in the cluster `name` of the services' Redis
    /// and waits for its "serving" line (address and instance id).
    pub async fn start(s: &Services, database: &str, name: &str) -> Instance {
        Instance::start_on(Some(&s.redis_url), database, name, None).await
    }

    /// Starts `target/…/server` on `database`, with `redis` in the cluster
    /// `name` (without: alone), on `port` (without: any free one).
    pub async fn start_on(
        redis: Option<&str>,
        database: &str,
        name: &str,
        port: Option<u16>,
    ) -> Instance {
        let bind = format!("127.0.0.1:{}", port.unwrap_or(0));
        let mut command = Command::new(env!("CARGO_BIN_EXE_server"));
        command
            .args(["--bind", &bind, "--dist", "/nonexistent"])
            .args(["--database", database]);
        if let Some(redis) = redis {
            command.args(["--redis", redis, "--cluster-name", name]);
        }
        let mut child = command
            // Every test player comes from 127.0.0.1.
            .args(["--new-players-per-hour", "1000000"])
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("the server binary starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let line = timeout(Duration::from_secs(30), async {
            loop {
                match lines.next_line().await {
                    Ok(Some(l)) if l.contains("serving http://") => return l,
                    Ok(Some(_)) => continue,
                    _ => panic!("the server stopped before serving"),
                }
            }
        })
        .await
        .expect("the server starts within 30 s");
        // Keep reading its log so it never blocks on a full pipe.
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = log.clone();
        tokio::spawn(async move {
            while let Ok(Some(l)) = lines.next_line().await {
                kept.lock().unwrap().push(l);
            }
        });
        let after = |key: &str| -> String {
            let rest = &line[line.find(key).expect("serving line") + key.len()..];
            rest.split([' ', ')']).next().unwrap().to_string()
        };
        Instance {
            addr: after("serving http://").parse().unwrap(),
            id: if redis.is_some() {
                after("instance ")
            } else {
                String::new()
            },
            child,
            log,
        }
    }

    /// Sends `signal` (`STOP`, `CONT`) to the process by its id.
    pub async fn signal(&self, signal: &str) {
        let pid = self.child.id().expect("running");
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .await
            .unwrap();
        assert!(status.success());
    }

    /// Whether a line of its log after the start contains `text` (waiting
    /// up to `secs` for it).
    pub async fn logged(&self, text: &str, secs: u64) -> bool {
        for _ in 0..secs * 10 {
            if self.log.lock().unwrap().iter().any(|l| l.contains(text)) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        false
    }

    /// Kills the process by its id with SIGKILL: no shutdown, no last words.
    pub async fn kill(mut self) {
        let pid = self.child.id().expect("running");
        let status = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status()
            .await
            .unwrap();
        assert!(status.success());
        let _ = self.child.wait().await;
    }
}
