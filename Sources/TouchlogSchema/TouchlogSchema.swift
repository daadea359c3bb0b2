// TouchlogSchema: the touchlog/1 records and the spec types they carry (a recorded view, window, recognizer,
// controller, patch, geometry), their typed enums, and the one encoder that writes them as JSON Lines.
//
// It is the bottom of the package: the recorder writes these values, the format decodes into them, ResponderCore
// is built from them, replay and the rules switch over them, the store keeps what the encoder writes. It imports
// nothing, not even Foundation, so an app that links the recorder compiles only this module and the recorder.
