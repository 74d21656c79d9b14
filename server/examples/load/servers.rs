//! The processes the load tool runs and may kill: server instances (this
//! same executable with `--serve`, the real server in-process) and, in chaos
//! mode, its own redis-server; plus what /proc says about their memory and CPU.

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

fn proc_field(pid: u32, file: &str) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/{file}")).unwrap_or_default()
}

/// Resident memory of a process, in KiB.
pub fn rss_kib(pid: u32) -> u64 {
    proc_field(pid, "status")
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

/// CPU time (user + system) of a process, in clock ticks (1/100 s).
pub fn cpu_ticks(pid: u32) -> u64 {
    let stat = proc_field(pid, "stat");
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = after.split_whitespace().collect();
    let get = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    get(11) + get(12)
}

/// The machine's 1-, 5- and 15-minute load averages.
pub fn load_average() -> String {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    load.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A loopback port that was free a moment ago.
pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free loopback port");
    l.local_addr().expect("its address").port()
}

/// How to start one server instance (again, after a kill: same port, same
/// database, same cluster).
#[derive(Clone, Debug)]
pub struct ServerSpec {
    pub database: String,
    /// Redis URL and cluster name.
    pub cluster: Option<(String, String)>,
    /// 0: any free port (the first start only).
    pub port: u16,
    /// Log the server's warnings and errors to this tool's stderr.
    pub log: bool,
}

/// One running server instance.
pub struct Server {
    pub process: Child,
    pub pid: u32,
    pub addr: String,
}

impl ServerSpec {
    /// Starts the instance; a restart may find its port briefly still held,
    /// so it tries for a few seconds.
    pub async fn start(&mut self) -> Result<Server, String> {
        let mut last = String::new();
        for _ in 0..20 {
            match self.try_start().await {
                Ok(s) => {
                    self.port = s
                        .addr
                        .rsplit(':')
                        .next()
                        .and_then(|p| p.parse().ok())
                        .unwrap_or(0);
                    return Ok(s);
                }
                Err(e) => last = e,
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        Err(last)
    }

    async fn try_start(&self) -> Result<Server, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut cmd = Command::new(exe);
        cmd.arg("--serve").arg(&self.database);
        cmd.arg("--serve-port").arg(self.port.to_string());
        if let Some((redis, name)) = &self.cluster {
            cmd.arg("--serve-cluster").arg(redis).arg(name);
        }
        if self.log {
            cmd.arg("--server-log");
        }
        let mut process = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("the server child does not start: {e}"))?;
        let pid = process.id().unwrap_or(0);
        let mut out = BufReader::new(process.stdout.take().expect("piped")).lines();
        while let Ok(Some(l)) = out.next_line().await {
            if let Some(addr) = l.strip_prefix("LISTENING ") {
                let addr = addr.to_string();
                return Ok(Server { process, pid, addr });
            }
            if let Some(why) = l.strip_prefix("FAILED ") {
                return Err(why.to_string());
            }
        }
        Err("the server child exited before listening".into())
    }
}

impl Server {
    /// SIGKILL: no shutdown, no goodbye to any client or to Redis.
    pub async fn kill(&mut self) {
        let _ = self.process.kill().await;
    }

    /// The orderly stop: stdin closes, the server shuts down (games in
    /// progress stay stored as they are, nobody is counted as disconnected).
    pub async fn stop(&mut self) {
        drop(self.process.stdin.take());
        let waited = tokio::time::timeout(Duration::from_secs(10), self.process.wait()).await;
        if waited.is_err() {
            self.kill().await;
        }
    }
}

/// The tool's own redis-server (chaos mode kills it): no snapshot, no
/// append-only file, so a restart comes back empty, as a Redis that lost its
/// memory does.
pub struct OwnRedis {
    pub port: u16,
    process: Option<Child>,
}

impl OwnRedis {
    /// Starts redis-server on a free loopback port.
    pub async fn start() -> Result<OwnRedis, String> {
        let mut r = OwnRedis {
            port: free_port(),
            process: None,
        };
        r.restart().await?;
        Ok(r)
    }

    /// `redis://127.0.0.1:<port>/`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    /// Starts it (again) on its port and waits until it accepts connections.
    pub async fn restart(&mut self) -> Result<(), String> {
        let process = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no", "--loglevel", "warning"])
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start redis-server: {e}"))?;
        self.process = Some(process);
        for _ in 0..100 {
            let addr = ("127.0.0.1", self.port);
            if tokio::net::TcpStream::connect(addr).await.is_ok() {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Err(format!("redis-server did not listen on {}", self.port))
    }

    /// SIGKILL.
    pub async fn kill(&mut self) {
        if let Some(mut p) = self.process.take() {
            let _ = p.kill().await;
        }
    }
}
