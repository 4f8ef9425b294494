//! Bakes the engine version (engine crate version + 12-character git revision) into the binding.
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=SPANWISE_REVISION");
    let revision = std::env::var("SPANWISE_REVISION")
        .ok()
        .filter(|r| !r.is_empty())
        .or_else(|| {
            Command::new("git")
                .args(["rev-parse", "--short=12", "HEAD"])
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        });
    let revision = revision.unwrap_or_else(|| "000000000000".to_string());
    println!(
        "cargo:rustc-env=SPANWISE_ENGINE_VERSION={}+{}",
        env!("CARGO_PKG_VERSION"),
        revision
    );
}
