//! The Hex Stroke editor's solver Web Worker: everything lives in the library.

fn main() {
    web::worker_link::serve(web::hex::worker::answer);
}
