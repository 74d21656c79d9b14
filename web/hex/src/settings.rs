//! Player settings for this mode (stored next to the saves): the colour-blind wall
//! style, which draws walls as thick black bars with a gap instead of yellow-black
//! stripes.

use serde::{Deserialize, Serialize};

use web_core::storage;

pub const SETTINGS_KEY: &str = "mode:03-hex-walls:settings";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    pub colour_blind_walls: bool,
}

impl Settings {
    /// Parses the stored text; anything unreadable gives the defaults.
    pub fn parse(raw: Option<&str>) -> Settings {
        raw.and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_default()
    }

    pub fn load() -> Settings {
        Settings::parse(storage::read(SETTINGS_KEY).as_deref())
    }

    pub fn save(&self) {
        storage::write(
            SETTINGS_KEY,
            &serde_json::to_string(self).expect("settings serialise"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_falls_back_to_defaults() {
        assert_eq!(Settings::parse(None), Settings::default());
        assert_eq!(Settings::parse(Some("{oops")), Settings::default());
        assert_eq!(Settings::parse(Some("{}")), Settings::default());
        let on = Settings {
            colour_blind_walls: true,
        };
        let text = serde_json::to_string(&on).unwrap();
        assert_eq!(text, r#"{"colourBlindWalls":true}"#);
        assert_eq!(Settings::parse(Some(&text)), on);
    }
}
