/// Building blocks of the rules' examples, so each example shows only the records its story needs.
enum ExampleSessions {
    /// A session header: a 390 x 844 screen.
    static let header =
        #"{"type":"session","format":"touchlog/1","session":"example","device":{"model":"iPhone14,7","system":"iOS 17.5","screen":[390,844]}}"#

    /// A form: a name field at y 100-144, a Save button at y 700-750, on a root view with a controller that
    /// implements `save:`.
    static let form =
        header + "\n"
        + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"form","subviews":[{"id":"name","class":"UITextField","frame":[20,100,350,44],"accessibilityIdentifier":"form.name","accessibilityLabel":"Name"},{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save","actions":[{"events":["touchUpInside"],"target":"vc","action":"save:"}]}]}]}],"controllers":[{"id":"vc","class":"App.FormViewController","view":"root","implements":["save:"]}]}"#
        + "\n"

    /// `form` plus a SwiftUI banner inserted at t 0.5 (record 3) in front of Save, at y 600-844: a hosting view
    /// (`hostsSwiftUI`) whose content the model cannot see into. Inside it, a view SwiftUI made to hit-test a Pay
    /// button it draws (over Save, at y 700-750), and a UIKit More button a representable hosts (y 620-660).
    static let swiftUIBanner =
        form
        + #"{"type":"insert","t":0.5,"parent":"root","view":{"id":"banner","class":"_TtGC7SwiftUI14_UIHostingViewV3App11PromoBanner_","baseClass":"UIView","frame":[0,600,390,244],"hostsSwiftUI":true,"subviews":[{"id":"payShape","class":"_TtC7SwiftUI21_UIShapeHitTestingView","baseClass":"UIView","frame":[20,100,350,50]},{"id":"more","class":"UIButton","frame":[20,20,100,40],"accessibilityLabel":"More"}]}}"#
        + "\n"

    /// `form` plus a tap on the name field at t 1 that makes it first responder and shows the keyboard
    /// (records 3-7).
    /// A chat screen whose controller keeps its message bar on screen by being first responder (the
    /// `inputAccessoryView` pattern): the app makes it so when the screen appears, and the keyboard notifications
    /// describe the 50-point bar. Then two taps on the message list.
    static let chat =
        header + "\n"
        + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"chat","subviews":[{"id":"messages","class":"UIView","frame":[0,0,390,794],"accessibilityIdentifier":"chat.messages"}]}]}],"controllers":[{"id":"chatVC","class":"App.ChatViewController","view":"root","canBecomeFirstResponder":true,"showsInputViews":true}]}"#
            + #"""

            {"type":"call","t":0.5,"view":"chatVC","method":"becomeFirstResponder"}
            {"type":"firstResponder","t":0.5,"view":"chatVC","window":"w"}
            {"type":"keyboard","t":0.5,"phase":"willShow","frame":[0,794,390,50]}
            {"type":"keyboard","t":0.8,"phase":"didShow","frame":[0,794,390,50]}
            {"type":"touch","t":3.0,"touch":1,"phase":"began","x":200,"y":400,"window":"w","event":1,"view":"messages"}
            {"type":"touch","t":3.1,"touch":1,"phase":"ended","x":200,"y":400,"window":"w","event":1}
            {"type":"touch","t":4.0,"touch":2,"phase":"began","x":210,"y":420,"window":"w","event":2,"view":"messages"}
            {"type":"touch","t":4.1,"touch":2,"phase":"ended","x":210,"y":420,"window":"w","event":2}
            """#

    static let editing =
        form
            + #"""
            {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":120,"window":"w","event":1,"view":"name"}
            {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":120,"window":"w","event":1}
            {"type":"firstResponder","t":1.1,"view":"name","window":"w"}
            {"type":"keyboard","t":1.1,"phase":"willShow","frame":[0,508,390,336]}
            {"type":"keyboard","t":1.4,"phase":"didShow","frame":[0,508,390,336]}

            """#

    /// A screen that presented a page sheet: the presenter's root view (`vc`) holds an Add button at y 55-99 and
    /// Save at y 700-750; in front of it the presentation's container holds a dimming view over the whole screen and
    /// the sheet (`sheetVC`, `presentingViewController` `vc`) from y 60, with its own "Add item" button at y 70-110.
    static let sheet =
        header + "\n"
        + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"list","subviews":[{"id":"plus","class":"UIButton","frame":[330,55,50,44],"accessibilityLabel":"Add","actions":[{"events":["touchUpInside"],"target":"vc","action":"add:"}]},{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save","actions":[{"events":["touchUpInside"],"target":"vc","action":"save:"}]}]},{"id":"container","class":"UITransitionView","baseClass":"UIView","frame":[0,0,390,844],"subviews":[{"id":"dimming","class":"UIDimmingView","baseClass":"UIView","frame":[0,0,390,844],"alpha":0.4},{"id":"sheetRoot","class":"UIView","frame":[0,60,390,784],"accessibilityIdentifier":"newItem","subviews":[{"id":"sheetAdd","class":"UIButton","frame":[300,10,80,40],"accessibilityLabel":"Add item","actions":[{"events":["touchUpInside"],"target":"sheetVC","action":"addItem:"}]}]}]}]}],"controllers":[{"id":"vc","class":"App.ListViewController","view":"root","implements":["add:","save:"]},{"id":"sheetVC","class":"App.NewItemViewController","view":"sheetRoot","presentingViewController":"vc","implements":["addItem:"]}]}"#
        + "\n"

    /// A form (`vc`, root view `root`) that presents a sheet over the current context: UIKit puts the presentation's
    /// container (`container`, a UITransitionView) inside the presenting screen, with a dimming view over the form
    /// and the sheet (`sheetVC`) from y 400. The form's Add (y 55) and Save (y 300) lie under the dimming view only.
    /// `recorded`: whether the snapshot names the container (`presentationContainer`).
    static func sheetOverCurrentContext(containerRecorded recorded: Bool) -> String {
        header + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"form","subviews":[{"id":"plus","class":"UIButton","frame":[330,55,50,44],"accessibilityLabel":"Add","actions":[{"events":["touchUpInside"],"target":"vc","action":"add:"}]},{"id":"save","class":"UIButton","frame":[20,300,350,50],"accessibilityLabel":"Save","actions":[{"events":["touchUpInside"],"target":"vc","action":"save:"}]},{"id":"container","class":"UITransitionView","baseClass":"UIView","frame":[0,0,390,844],"subviews":[{"id":"dimming","class":"UIDimmingView","baseClass":"UIView","frame":[0,0,390,844],"alpha":0.4},{"id":"sheetRoot","class":"UIView","frame":[0,400,390,444],"accessibilityIdentifier":"picker","subviews":[{"id":"done","class":"UIButton","frame":[300,10,80,40],"accessibilityLabel":"Done","actions":[{"events":["touchUpInside"],"target":"sheetVC","action":"done:"}]}]}]}]}]}],"controllers":[{"id":"vc","class":"App.FormViewController","view":"root","implements":["add:","save:"]},{"id":"sheetVC","class":"App.PickerViewController","view":"sheetRoot","presentingViewController":"vc","modalPresentationStyle":"overCurrentContext""#
            + (recorded ? #","presentationContainer":"container""# : "")
            + #","implements":["done:"]}]}"# + "\n"
    }

    /// A settings table (y 0-760) under a 100-point navigation bar, above a tab bar (y 760-844), scrolled to content
    /// offset `offsetY` (the table's bounds origin): the Wi-Fi switch's row at content y 0-60, the Backup switch's at
    /// y 700-760. At -100 (the top, content inset under the bar) Wi-Fi is at y 114-145 on screen and Backup below
    /// the fold; at 0 Wi-Fi is under the navigation bar and Backup on screen.
    static func settings(offsetY: Int) -> String {
        header + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,760],"bounds":[0,"#
            + String(offsetY)
            + #",390,760],"accessibilityIdentifier":"settings","subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"subviews":[{"id":"wifi","class":"UISwitch","frame":[320,14,51,31],"accessibilityLabel":"Wi-Fi"}]},{"id":"cell1","class":"UITableViewCell","frame":[0,700,390,60],"subviews":[{"id":"backup","class":"UISwitch","frame":[320,14,51,31],"accessibilityLabel":"Backup"}]}]},{"id":"nav","class":"UINavigationBar","frame":[0,0,390,100],"accessibilityIdentifier":"nav"},{"id":"tabs","class":"UITabBar","baseClass":"UIView","frame":[0,760,390,84],"accessibilityIdentifier":"tabs"}]}]}],"controllers":[{"id":"vc","class":"App.SettingsViewController","view":"root"}]}"#
            + "\n"
    }
}
