#if canImport(UIKit)
    import UIKit
#else
    import UIKitStandIn
#endif
