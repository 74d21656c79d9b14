//! The typed argument a screen is opened with (a game to review, a position to play on, a
//! room code, a level to edit), and how it crosses from one module to the next.

use crate::modules::Screen;

/// What a screen is opened with besides its name: a game to review, a position to play
/// on, a room code, a level to edit. Each type belongs to one screen ([`OpenArg::SCREEN`]),
/// so `Nav::open(arg)` opens the screen that takes it, and that screen's module receives it
/// as the typed argument of its mount. The modules are separate wasm instances, so the
/// argument crosses the shell as text that only this type writes and reads; it is never
/// stored, so no other tab can take it.
pub trait OpenArg: Sized + 'static {
    /// The screen this argument opens.
    const SCREEN: Screen;
    /// The argument as text, for the shell to carry to the module's mount.
    fn encode(&self) -> String;
    /// The argument back from its text (`None` if the text is not one: the screen then
    /// opens as without an argument).
    fn decode(text: &str) -> Option<Self>;
}

/// The argument of a screen that takes none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoArg {}

/// Whether a view taking `A` may be mounted as `screen`: `A` is that screen's argument, or
/// [`NoArg`] (whose screen is home, which no module shows). The module macro asserts it at
/// compile time.
pub const fn takes<A: OpenArg>(screen: Screen) -> bool {
    A::SCREEN as u8 == screen as u8 || A::SCREEN as u8 == Screen::Home as u8
}

impl OpenArg for NoArg {
    // `NoArg` has no value, so nothing opens a screen with it; home marks "any screen".
    const SCREEN: Screen = Screen::Home;
    fn encode(&self) -> String {
        match *self {}
    }
    fn decode(_: &str) -> Option<Self> {
        None
    }
}
