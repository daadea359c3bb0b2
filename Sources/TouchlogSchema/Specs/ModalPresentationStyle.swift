/// `UIViewController.modalPresentationStyle` of a presented controller, by UIKit's names (Apple docs:
/// UIModalPresentationStyle). `automatic` is what the property answers when the app left it alone (a page sheet on
/// iPhone since iOS 13); the recorder writes what it reads.
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    case automatic, fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext
    case popover, none
}
