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

    /// `form` plus a tap on the name field at t 1 that makes it first responder and shows the keyboard
    /// (records 3-7).
    static let editing =
        form
            + #"""
            {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":120,"window":"w","event":1,"view":"name"}
            {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":120,"window":"w","event":1}
            {"type":"firstResponder","t":1.1,"view":"name","window":"w"}
            {"type":"keyboard","t":1.1,"phase":"willShow","frame":[0,508,390,336]}
            {"type":"keyboard","t":1.4,"phase":"didShow","frame":[0,508,390,336]}

            """#
}
