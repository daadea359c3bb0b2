/// XCUITest element types (`XCUIElement.ElementType` as `debugDescription` prints them) and the UIKit class
/// each stands for in a touchlog View.
enum XCUIElementType {
    /// The UIKit class for an element type; `Cell` depends on its container.
    static func uikitClass(_ type: String, parentClass: String?) -> String {
        if type == "Cell" {
            return parentClass == "UICollectionView" ? "UICollectionViewCell" : "UITableViewCell"
        }
        return classes[type] ?? "UIView"
    }

    /// The type whose `XCUIElement.ElementType` raw value is `rawValue` (`9` is `Button`), as tools that send the
    /// enum over the wire write it; nil for `any` (0) and for values past the enum's last case.
    static func name(rawValue: Double) -> String? {
        guard rawValue >= 1, rawValue < Double(byRawValue.count), rawValue == rawValue.rounded() else { return nil }
        return byRawValue[Int(rawValue)]
    }

    /// `XCUIElement.ElementType`'s cases in raw-value order, from `any` (0) to `statusItem` (82).
    private static let byRawValue: [String] = [
        "Any", "Other", "Application", "Group", "Window", "Sheet", "Drawer", "Alert", "Dialog", "Button",
        "RadioButton", "RadioGroup", "CheckBox", "DisclosureTriangle", "PopUpButton", "ComboBox", "MenuButton",
        "ToolbarButton", "Popover", "Keyboard", "Key", "NavigationBar", "TabBar", "TabGroup", "Toolbar", "StatusBar",
        "Table", "TableRow", "TableColumn", "Outline", "OutlineRow", "Browser", "CollectionView", "Slider",
        "PageIndicator", "ProgressIndicator", "ActivityIndicator", "SegmentedControl", "Picker", "PickerWheel",
        "Switch", "Toggle", "Link", "Image", "Icon", "SearchField", "ScrollView", "ScrollBar", "StaticText",
        "TextField", "SecureTextField", "DatePicker", "TextView", "Menu", "MenuItem", "MenuBar", "MenuBarItem", "Map",
        "WebView", "IncrementArrow", "DecrementArrow", "Timeline", "RatingIndicator", "ValueIndicator", "SplitGroup",
        "Splitter", "RelevanceIndicator", "ColorWell", "HelpTag", "Matte", "DockItem", "Ruler", "RulerMarker", "Grid",
        "LevelIndicator", "Cell", "LayoutArea", "LayoutItem", "Handle", "Stepper", "Tab", "TouchBar", "StatusItem",
    ]

    /// Whether `type` (without `XCUIElementType`) is an element type touchlog maps, `Cell` included.
    static func isKnown(_ type: String) -> Bool { type == "Cell" || classes[type] != nil }

    /// Types whose UIKit class is a `UIControl`, where `Disabled` means `isEnabled: false`.
    static let controls: Set<String> = [
        "Button", "TextField", "SecureTextField", "SearchField", "Switch", "Toggle", "Slider",
        "Stepper",
        "SegmentedControl", "PageIndicator", "DatePicker", "ColorWell",
    ]

    /// What an element XCUITest reports not enabled becomes: `isEnabled: false` on a control type, where UIKit has
    /// the flag; `imported.disabled` on anything else, whose UIKit class has no such flag.
    static func markDisabled(_ view: inout ImportedView, type: String?) {
        if let type, controls.contains(type) {
            view.isEnabled = false
        } else {
            view.keep("disabled", true)
        }
    }

    /// Types whose `value` is the text the user typed (touchlog's `text`).
    static let textInputs: Set<String> = ["TextField", "SecureTextField", "SearchField", "TextView"]

    static let classes: [String: String] = [
        "Application": "UIApplication",
        "Window": "UIWindow",
        "Other": "UIView",
        "Group": "UIView",
        "Button": "UIButton",
        "Link": "UIButton",
        "TextField": "UITextField",
        "SecureTextField": "UITextField",
        "SearchField": "UISearchTextField",
        "TextView": "UITextView",
        "StaticText": "UILabel",
        "Image": "UIImageView",
        "Icon": "UIImageView",
        "Table": "UITableView",
        "CollectionView": "UICollectionView",
        "ScrollView": "UIScrollView",
        "WebView": "WKWebView",
        "Map": "MKMapView",
        "Switch": "UISwitch",
        "Toggle": "UISwitch",
        "Slider": "UISlider",
        "Stepper": "UIStepper",
        "SegmentedControl": "UISegmentedControl",
        "PageIndicator": "UIPageControl",
        "ProgressIndicator": "UIProgressView",
        "ActivityIndicator": "UIActivityIndicatorView",
        "Picker": "UIPickerView",
        "PickerWheel": "UIPickerView",
        "DatePicker": "UIDatePicker",
        "NavigationBar": "UINavigationBar",
        "TabBar": "UITabBar",
        "Toolbar": "UIToolbar",
        "StatusBar": "UIStatusBar",
        "SearchBar": "UISearchBar",
        "Alert": "UIView",
        "Sheet": "UIView",
        "Keyboard": "UIView",
        "Key": "UIView",
        "Menu": "UIView",
        "MenuItem": "UIView",
        // The menu bar of a Mac app (and of iPadOS 26's apps): XCUITest prints its items without a frame.
        "MenuBar": "UIView",
        "MenuBarItem": "UIView",
        "ColorWell": "UIColorWell",
    ]
}
