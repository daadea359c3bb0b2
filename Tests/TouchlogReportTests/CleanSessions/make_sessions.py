#!/usr/bin/env python3
"""Writes the clean sessions beside this script: correct apps, recorded the way TouchlogRecorder writes them.

Each session is a story QA records every day on a well-behaved app: nothing in it is a bug, so `touchlog report`
must give no warning and no error on any of them (CleanSessionTests). Run it again after changing a story:

    python3 Tests/TouchlogReportTests/CleanSessions/make_sessions.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SCREEN = [393, 852]
KEYBOARD = [0, 516, 393, 336]
KEYBOARD_GONE = [0, 852, 393, 336]


def line(record):
    return json.dumps(record, separators=(",", ":"))


def header(session, app, version, build, started):
    return {"type": "session", "format": "touchlog/1", "session": session, "startedAt": started,
            "app": {"id": app, "version": version, "build": build},
            "device": {"model": "iPhone15,4", "system": "iOS 17.5.1", "screen": SCREEN, "scale": 3},
            "recorder": {"name": "TouchlogRecorder", "version": "0.9.3"}}


def v(id, cls, frame, subviews=None, **fields):
    view = {"id": id, "class": cls}
    if "baseClass" in fields:
        view["baseClass"] = fields.pop("baseClass")
    view["frame"] = frame
    view.update(fields)
    if subviews:
        view["subviews"] = subviews
    return view


def button(id, frame, label, target, action, event="touchUpInside", **fields):
    return v(id, "UIButton", frame, accessibilityLabel=label,
             actions=[{"events": [event], "target": target, "action": action}], **fields)


def window(id, subviews, **fields):
    return v(id, "UIWindow", [0, 0] + SCREEN, subviews, windowLevel=0, isKeyWindow=True, **fields)


def nav_container(prefix, root, bar_items, title):
    """A UINavigationController's view: the transition view holding the top controller's root, and a translucent
    navigation bar (y 59-103) holding the bar buttons."""
    return v(prefix + "Nav", "UILayoutContainerView", [0, 0] + SCREEN, [
        v(prefix + "Transition", "UINavigationTransitionView", [0, 0] + SCREEN, [
            v(prefix + "Wrapper", "UIViewControllerWrapperView", [0, 0] + SCREEN, [root], baseClass="UIView"),
        ], baseClass="UIView"),
        v(prefix + "Bar", "UINavigationBar", [0, 59, 393, 44], [
            v(prefix + "Title", "UILabel", [120, 11, 153, 22], accessibilityLabel=title),
        ] + bar_items, accessibilityIdentifier=prefix + ".navigationBar"),
    ], baseClass="UIView")


class Session:
    def __init__(self, name, head):
        self.name = name
        self.records = [head]
        self.event = 0
        self.finger = 0

    def add(self, record):
        self.records.append(record)

    def snapshot(self, t, windows, controllers, **more):
        record = {"type": "snapshot", "t": t, "windows": windows, "controllers": controllers}
        record.update(more)
        self.add(record)

    def touch(self, t, phase, x, y, win, view=None, tap=1, finger=None):
        """One touch record of the current event; `finger` names another finger than the last one put down."""
        record = {"type": "touch", "t": round(t, 3), "touch": self.finger if finger is None else finger,
                  "phase": phase, "x": x, "y": y,
                  "window": win, "tapCount": tap, "event": self.event}
        if view is not None:
            record["view"] = view
        self.add(record)

    def tap(self, t, x, y, win, view, hold=0.09):
        """A finger down and up again in place; returns when it lifted."""
        self.event += 1
        self.finger += 1
        self.touch(t, "began", x, y, win, view)
        self.touch(t + hold, "ended", x, y, win)
        return round(t + hold, 3)

    def drag(self, t, start, end, win, view, steps=12, hold=0.0, interval=0.016):
        """A finger that rests `hold` seconds, then moves from `start` to `end` in `steps` moves, and lifts."""
        self.event += 1
        self.finger += 1
        self.touch(t, "began", start[0], start[1], win, view, tap=1)
        t += hold
        for k in range(1, steps + 1):
            t += interval
            x = round(start[0] + (end[0] - start[0]) * k / steps, 1)
            y = round(start[1] + (end[1] - start[1]) * k / steps, 1)
            self.touch(t, "moved", x, y, win, tap=1)
        t += interval
        self.touch(t, "ended", end[0], end[1], win, tap=1)
        return round(t, 3)

    def sent(self, t, action, target, sender):
        self.add({"type": "sent", "t": round(t, 3), "action": action, "target": target, "sender": sender})

    def first_responder(self, t, view, win):
        self.add({"type": "firstResponder", "t": round(t, 3), "view": view, "window": win})

    def keyboard(self, t, phase, frame):
        self.add({"type": "keyboard", "t": round(t, 3), "phase": phase, "frame": frame})

    def keys(self, t, count, every=0.14):
        for k in range(count):
            self.add({"type": "key", "t": round(t + k * every, 3), "length": 1})
        return round(t + count * every, 3)

    def set(self, t, view, **fields):
        record = {"type": "set", "t": round(t, 3), "view": view}
        record.update(fields)
        self.add(record)

    def selection(self, t, list_id, call, index_path):
        self.add({"type": "selection", "t": round(t, 3), "list": list_id, "call": call, "indexPath": index_path})

    def write(self):
        with open(os.path.join(HERE, self.name), "w") as out:
            for record in self.records:
                out.write(line(record) + "\n")


# 1. Settings: a grouped table of switches, a brightness slider and Sign Out at the bottom, most rows below the
#    fold; the user toggles, scrolls (rows pass under the translucent navigation bar), drags the slider and signs out.
def settings():
    s = Session("settings-table-below-the-fold.jsonl",
                header("5E771B6A-2C41-4F0D-9A8E-0C1D2E3F4A01", "com.acme.settings", "2.3.0", "230",
                       "2026-11-22T09:12:00.000Z"))
    titles = ["Airplane Mode", "Wi-Fi", "Bluetooth", "Cellular Data", "Personal Hotspot", "Notifications",
              "Brightness", "Sounds", "Focus", "Screen Time", "Auto-Lock", "Raise to Wake", "Location Services",
              "Analytics", "Personalised Ads", "Background Refresh", "Low Power Mode", "iCloud Backup",
              "Keychain", "Find My", "Siri", "Face ID", "Passcode", "Sign Out"]
    rows = []
    for k, title in enumerate(titles):
        y = k * 56
        content = []
        if title == "Brightness":
            content = [v("brightnessSlider", "UISlider", [60, 12, 260, 31], accessibilityLabel="Brightness",
                         actions=[{"events": ["valueChanged"], "target": "settingsVC",
                                   "action": "brightnessChanged:"}])]
        elif title == "Sign Out":
            content = [button("signOutButton", [16, 6, 361, 44], "Sign Out", "settingsVC", "signOut:")]
        else:
            content = [v("rowLabel%d" % k, "UILabel", [20, 17, 240, 22], accessibilityLabel=title),
                       v("rowSwitch%d" % k, "UISwitch", [328, 12, 51, 31], accessibilityLabel=title,
                         actions=[{"events": ["valueChanged"], "target": "settingsVC",
                                   "action": "toggleSetting:"}])]
        rows.append(v("settingsCell%d" % k, "Settings.SwitchCell", [0, y, 393, 56], [
            v("settingsContent%d" % k, "UITableViewCellContentView", [0, 0, 393, 56], content, baseClass="UIView"),
        ], baseClass="UITableViewCell", indexPath=[0, k]))

    def screen(offset):
        table = v("settingsTable", "UITableView", [0, 0] + SCREEN, rows, bounds=[0, offset] + SCREEN,
                  accessibilityIdentifier="settings.table", delegate="settingsVC")
        return [window("settingsWindow", [nav_container("settings", table, [], "Settings")])]

    controllers = [
        {"id": "settingsNavVC", "class": "UINavigationController", "view": "settingsNav"},
        {"id": "settingsVC", "class": "Settings.SettingsViewController", "view": "settingsTable",
         "parent": "settingsNavVC", "implements": ["toggleSetting:", "brightnessChanged:", "signOut:"]},
    ]
    s.snapshot(0.0, screen(-103), controllers)
    win = "settingsWindow"
    # Wi-Fi off and on again (row 1: switch at content y 68-99, on screen 171-202).
    t = s.tap(1.204, 352.5, 186.0, win, "rowSwitch1", hold=0.088)
    s.sent(t, "toggleSetting:", "settingsVC", "rowSwitch1")
    t = s.tap(2.031, 350.0, 187.5, win, "rowSwitch1", hold=0.094)
    s.sent(t, "toggleSetting:", "settingsVC", "rowSwitch1")
    # Bluetooth (row 2, on screen 227-258).
    t = s.tap(3.118, 354.0, 242.0, win, "rowSwitch2", hold=0.081)
    s.sent(t, "toggleSetting:", "settingsVC", "rowSwitch2")
    # Brightness: rests on the thumb, then drags it (a continuous slider sends valueChanged as it moves).
    s.event += 1
    s.finger += 1
    s.touch(4.402, "began", 190.0, 455.5, win, "brightnessSlider")
    t = 4.402 + 0.22
    for k in range(1, 11):
        t += 0.016
        s.touch(t, "moved", 190.0 + 6 * k, 455.5, win)
        s.sent(t, "brightnessChanged:", "settingsVC", "brightnessSlider")
    t += 0.016
    # The finger lifts where the last move left the thumb: the value did not change, so no valueChanged then.
    s.touch(t, "ended", 250.0, 455.5, win)
    # Focus (row 8, on screen 551-607): a tap on the row's title selects the row (highlighted, then selected as the
    # finger lifts); the controller pushes nothing here and deselects the row in didSelect, which the recorder
    # writes as the table's new selection.
    t = s.tap(5.104, 150.0, 579.0, win, "settingsContent8", hold=0.083)
    s.selection(t, "settingsTable", "didHighlight", [0, 8])
    s.selection(t, "settingsTable", "didUnhighlight", [0, 8])
    s.selection(t, "settingsTable", "didSelect", [0, 8])
    s.set(t + 0.004, "settingsTable", selectedIndexPaths=[])
    # Scrolls down by 443 points: a drag on a row's label, which the table's pan takes.
    t = s.drag(5.810, (150.0, 700.0), (150.0, 257.0), win, "settingsContent10", steps=14)
    s.set(t + 0.01, "settingsTable", bounds=[0, 340] + SCREEN)
    # Cells were reused while scrolling: the recorder writes the whole screen again. Row 7's switch (on screen
    # 64-95) is now under the translucent navigation bar (59-103), Sign Out still below the fold.
    s.snapshot(round(t + 0.35, 3), screen(340), controllers)
    # Location Services (row 12: content y 684-715, on screen 344-375).
    t = s.tap(7.640, 353.0, 360.0, win, "rowSwitch12", hold=0.092)
    s.sent(t, "toggleSetting:", "settingsVC", "rowSwitch12")
    # Low Power Mode (row 16: content y 908-939, on screen 568-599).
    t = s.tap(8.911, 351.5, 583.0, win, "rowSwitch16", hold=0.086)
    s.sent(t, "toggleSetting:", "settingsVC", "rowSwitch16")
    # Scrolls to the bottom (24 rows of 56 points, 34 points of inset below: offset 526), and Sign Out.
    t = s.drag(10.120, (200.0, 700.0), (200.0, 514.0), win, "settingsContent18", steps=13)
    s.set(t + 0.01, "settingsTable", bounds=[0, 526] + SCREEN)
    s.snapshot(round(t + 0.4, 3), screen(526), controllers)
    # Sign Out: content y 1294-1338, on screen 768-812.
    t = s.tap(12.305, 196.5, 790.0, win, "signOutButton", hold=0.097)
    s.sent(t, "signOut:", "settingsVC", "signOutButton")
    s.add({"type": "time", "t": 13.0})
    s.write()


# 2. A to-do list presents a page sheet to add an item: the sheet and its dimming view cover the list and its "+"
#    (the sheet's own Add sits over it); the user taps above the sheet, fills in the title, toggles a reminder,
#    taps Add, and the sheet goes away.
def sheet():
    s = Session("modal-page-sheet-over-list.jsonl",
                header("5E771B6A-2C41-4F0D-9A8E-0C1D2E3F4A02", "com.acme.todo", "7.1.0", "710",
                       "2026-11-22T10:03:41.250Z"))
    win = "todoWindow"

    def list_root(count):
        cells = []
        for k in range(count):
            cells.append(v("todoCell%d" % k, "Todo.ItemCell", [0, k * 64, 393, 64], [
                v("todoContent%d" % k, "UITableViewCellContentView", [0, 0, 393, 64], [
                    button("doneButton%d" % k, [16, 14, 36, 36], "Mark done", "listVC", "markDone:"),
                    v("todoTitle%d" % k, "UILabel", [64, 20, 250, 24], accessibilityLabel="Item %d" % (k + 1)),
                    button("shareButton%d" % k, [333, 14, 44, 36], "Share", "listVC", "share:"),
                ], baseClass="UIView"),
            ], baseClass="UITableViewCell"))
        table = v("todoTable", "UITableView", [0, 0, 393, 769], cells, bounds=[0, -103, 393, 769],
                  accessibilityIdentifier="todo.table")
        toolbar = v("todoToolbar", "UIToolbar", [0, 769, 393, 83], [
            button("filterButton", [16, 8, 90, 44], "Filter", "listVC", "filter:"),
            button("editButton", [287, 8, 90, 44], "Edit", "listVC", "edit:"),
        ], accessibilityIdentifier="todo.toolbar")
        return v("todoRoot", "UIView", [0, 0] + SCREEN, [table, toolbar], accessibilityIdentifier="todo.root")

    plus = button("addButton", [337, 0, 44, 44], "Add", "listVC", "addTapped:")
    list_controllers = [
        {"id": "todoNavVC", "class": "UINavigationController", "view": "todoNav"},
        {"id": "listVC", "class": "Todo.ListViewController", "view": "todoRoot", "parent": "todoNavVC",
         "implements": ["addTapped:", "markDone:", "share:", "filter:", "edit:"]},
    ]

    def list_window(count, more=()):
        return v(win, "UIWindow", [0, 0] + SCREEN,
                 [v("listTransitionView", "UITransitionView", [0, 0] + SCREEN,
                    [nav_container("todo", list_root(count), [plus], "To Do")], baseClass="UIView")] + list(more),
                 windowLevel=0, isKeyWindow=True)

    s.snapshot(0.0, [list_window(5)], list_controllers)
    # Marks item 2 done (row 1: on screen 167-231, the check button at 181-217).
    t = s.tap(1.120, 34.0, 199.0, win, "doneButton1", hold=0.085)
    s.sent(t, "markDone:", "listVC", "doneButton1")
    # "+" presents the sheet.
    t = s.tap(2.402, 359.0, 81.0, win, "addButton", hold=0.079)
    s.sent(t, "addTapped:", "listVC", "addButton")
    sheet_fields = v("newItemRoot", "UIView", [0, 0, 393, 783], [
        v("newItemTitleField", "UITextField", [16, 72, 361, 44], accessibilityIdentifier="newItem.title",
          accessibilityLabel="Title"),
        v("newItemNotes", "UITextView", [16, 128, 361, 120], accessibilityIdentifier="newItem.notes",
          accessibilityLabel="Notes"),
        v("remindLabel", "UILabel", [16, 274, 240, 24], accessibilityLabel="Remind me"),
        v("remindSwitch", "UISwitch", [326, 270, 51, 31], accessibilityLabel="Remind me",
          actions=[{"events": ["valueChanged"], "target": "newItemVC", "action": "remindChanged:"}]),
    ], accessibilityIdentifier="newItem.root")
    sheet_nav = v("sheetNav", "UILayoutContainerView", [0, 0, 393, 783], [
        v("sheetTransition", "UINavigationTransitionView", [0, 0, 393, 783], [
            v("sheetWrapper", "UIViewControllerWrapperView", [0, 0, 393, 783], [sheet_fields], baseClass="UIView"),
        ], baseClass="UIView"),
        v("sheetBar", "UINavigationBar", [0, 0, 393, 56], [
            v("sheetTitle", "UILabel", [140, 17, 113, 22], accessibilityLabel="New Item"),
            button("sheetCancel", [8, 6, 70, 44], "Cancel", "newItemVC", "cancel:"),
            button("sheetAdd", [329, 6, 56, 44], "Add", "newItemVC", "addItem:"),
        ], accessibilityIdentifier="newItem.navigationBar"),
    ], baseClass="UIView")
    presentation = v("sheetTransitionView", "UITransitionView", [0, 0] + SCREEN, [
        v("dimmingView", "UIDimmingView", [0, 0] + SCREEN, alpha=0.4, baseClass="UIView"),
        v("sheetShadow", "UIDropShadowView", [0, 69, 393, 783], [sheet_nav], baseClass="UIView"),
    ], baseClass="UIView")
    sheet_controllers = list_controllers + [
        {"id": "sheetNavVC", "class": "UINavigationController", "view": "sheetNav",
         "presentingViewController": "todoNavVC"},
        {"id": "newItemVC", "class": "Todo.NewItemViewController", "view": "newItemRoot", "parent": "sheetNavVC",
         "implements": ["cancel:", "addItem:", "remindChanged:"]},
    ]
    s.snapshot(2.795, [list_window(5, [presentation])], sheet_controllers)
    # A tap above the sheet, on the dimming view over the list's "+": a page sheet stays (no dismissal on tap).
    s.tap(3.610, 352.0, 64.0, win, "dimmingView", hold=0.07)
    # The title field: editing begins, the keyboard comes up.
    t = s.tap(4.283, 180.0, 163.0, win, "newItemTitleField", hold=0.091)
    s.first_responder(t + 0.002, "newItemTitleField", win)
    s.keyboard(t + 0.004, "willShow", KEYBOARD)
    s.keyboard(t + 0.33, "didShow", KEYBOARD)
    t = s.keys(5.02, 9)
    # Remind me (on screen 339-370), above the keyboard.
    t = s.tap(6.745, 352.0, 355.0, win, "remindSwitch", hold=0.083)
    s.sent(t, "remindChanged:", "newItemVC", "remindSwitch")
    # Add (on screen 75-119, over the list's "+" at 59-103): the item is saved, editing ends, the sheet goes.
    t = s.tap(7.912, 357.0, 95.0, win, "sheetAdd", hold=0.088)
    s.sent(t, "addItem:", "newItemVC", "sheetAdd")
    s.add({"type": "call", "t": round(t + 0.001, 3), "view": "newItemTitleField", "method": "resignFirstResponder"})
    s.first_responder(t + 0.002, None, win)
    s.keyboard(t + 0.004, "willHide", KEYBOARD_GONE)
    s.keyboard(t + 0.3, "didHide", KEYBOARD_GONE)
    s.snapshot(round(t + 0.42, 3), [list_window(6)], list_controllers)
    # Shares the new item (row 5: on screen 423-487).
    t = s.tap(9.507, 355.0, 455.0, win, "shareButton5", hold=0.09)
    s.sent(t, "share:", "listVC", "shareButton5")
    # Edit, in the toolbar.
    t = s.tap(10.884, 330.0, 800.0, win, "editButton", hold=0.08)
    s.sent(t, "edit:", "listVC", "editButton")
    s.add({"type": "time", "t": 11.5})
    s.write()


# 3. A shop pushes "Edit address" on a tap in its account list; the form scrolls under the translucent navigation
#    bar while the user types, and Save (a bar button) lands over the Name field scrolled under the bar.
def push():
    s = Session("push-bar-button-over-scrolled-field.jsonl",
                header("5E771B6A-2C41-4F0D-9A8E-0C1D2E3F4A03", "com.acme.shop", "5.2.1", "5214",
                       "2026-11-22T11:47:09.901Z"))
    win = "shopWindow"
    account_rows = []
    for k, title in enumerate(["Orders", "Addresses", "Payment", "Help"]):
        account_rows.append(v("accountCell%d" % k, "UITableViewCell", [0, k * 52, 393, 52], [
            v("accountContent%d" % k, "UITableViewCellContentView", [0, 0, 393, 52], [
                v("accountLabel%d" % k, "UILabel", [20, 15, 300, 22], accessibilityLabel=title),
            ], baseClass="UIView"),
        ], accessibilityLabel=title))
    account = v("accountTable", "UITableView", [0, 0] + SCREEN, account_rows, bounds=[0, -103] + SCREEN,
                accessibilityIdentifier="account.table", delegate="accountVC")
    account_controllers = [
        {"id": "shopNavVC", "class": "UINavigationController", "view": "shopNav"},
        {"id": "accountVC", "class": "Shop.AccountViewController", "view": "accountTable", "parent": "shopNavVC"},
    ]
    s.snapshot(0.0, [window(win, [nav_container("shop", account, [], "Account")])], account_controllers)
    # Addresses (row 1: on screen 155-207): the table selects it and the app pushes the form.
    s.tap(1.530, 160.0, 181.0, win, "accountContent1", hold=0.1)

    def form(offset, first_responder=None):
        fields = []
        for k, (key, label) in enumerate([("name", "Name"), ("street", "Street"), ("city", "City"),
                                         ("zip", "Postcode"), ("phone", "Phone"), ("notes", "Delivery notes")]):
            fields.append(v("%sLabel" % key, "UILabel", [20, 20 + k * 92, 353, 20], accessibilityLabel=label))
            field = v("%sField" % key, "UITextField", [20, 44 + k * 92, 353, 44],
                      accessibilityIdentifier="address.%s" % key, accessibilityLabel=label)
            if field["id"] == first_responder:
                field["isFirstResponder"] = True
            fields.append(field)
        scroll = v("addressScroll", "UIScrollView", [0, 0] + SCREEN, [
            v("addressContent", "UIView", [0, 0, 393, 1100], fields),
        ], bounds=[0, offset] + SCREEN, accessibilityIdentifier="address.scroll", keyboardDismissMode="none")
        root = v("addressRoot", "UIView", [0, 0] + SCREEN, [scroll], accessibilityIdentifier="address.root")
        bar = [button("backButton", [8, 0, 90, 44], "Account", "addressVC", "back:"),
               button("saveButton", [329, 0, 56, 44], "Save", "addressVC", "save:")]
        return [window(win, [nav_container("shop", root, bar, "Edit Address")])]

    # The account list's view left the window with the push: the recorder names only controllers it can see.
    form_controllers = account_controllers[:1] + [
        {"id": "addressVC", "class": "Shop.AddressViewController", "view": "addressRoot", "parent": "shopNavVC",
         "implements": ["back:", "save:"]},
    ]
    s.snapshot(2.105, form(-103), form_controllers)
    # Street (on screen 239-283): editing begins.
    t = s.tap(3.011, 150.0, 261.0, win, "streetField", hold=0.087)
    s.first_responder(t + 0.002, "streetField", win)
    s.keyboard(t + 0.004, "willShow", KEYBOARD)
    s.keyboard(t + 0.34, "didShow", KEYBOARD)
    t = s.keys(3.7, 14, every=0.12)
    # City (on screen 331-375): focus moves, the keyboard stays.
    t = s.tap(t + 0.6, 150.0, 352.0, win, "cityField", hold=0.083)
    s.first_responder(t + 0.002, "cityField", win)
    t = s.keys(t + 0.5, 6, every=0.13)
    # Scrolls the form up by 88 points to bring the postcode up: the drag starts on the Phone label (a label takes
    # no touches, so the touch's view is the content view).
    t = s.drag(t + 0.7, (200.0, 500.0), (200.0, 412.0), win, "addressContent", steps=10)
    s.set(t + 0.01, "addressScroll", bounds=[0, -15] + SCREEN)
    # The recorder wrote the screen again (the scroll view's content changed its layout): the Name field (content
    # y 44-88) is under the translucent navigation bar now (on screen 59-103), City still first responder.
    s.snapshot(round(t + 0.3, 3), form(-15, first_responder="cityField"), form_controllers)
    # Postcode (content 320-364, on screen 335-379).
    t = s.tap(t + 1.1, 150.0, 357.0, win, "zipField", hold=0.09)
    s.first_responder(t + 0.002, "zipField", win)
    t = s.keys(t + 0.45, 5, every=0.15)
    # Save, the bar button at x 329-385, y 59-103, over the Name field scrolled under the bar.
    t = s.tap(t + 1.2, 357.0, 81.0, win, "saveButton", hold=0.085)
    s.sent(t, "save:", "addressVC", "saveButton")
    s.add({"type": "call", "t": round(t + 0.001, 3), "view": "zipField", "method": "resignFirstResponder"})
    s.first_responder(t + 0.002, None, win)
    s.keyboard(t + 0.004, "willHide", KEYBOARD_GONE)
    s.keyboard(t + 0.29, "didHide", KEYBOARD_GONE)
    s.snapshot(round(t + 0.45, 3), [window(win, [nav_container("shop", account, [], "Account")])],
               account_controllers)
    # Orders (row 0: on screen 103-155).
    s.tap(round(t + 1.4, 3), 150.0, 129.0, win, "accountContent0", hold=0.095)
    s.add({"type": "time", "t": round(t + 2.2, 3)})
    s.write()


# 4. A login form: email, password, keyboard up, a tap on the background that the screen's tap recognizer turns
#    into endEditing, then Sign In.
def login():
    s = Session("login-form-with-keyboard.jsonl",
                header("5E771B6A-2C41-4F0D-9A8E-0C1D2E3F4A04", "com.acme.wallet", "3.9.0", "1190",
                       "2026-11-22T13:20:55.012Z"))
    win = "loginWindow"
    root = v("loginRoot", "UIView", [0, 0] + SCREEN, [
        v("logo", "UIImageView", [146, 110, 100, 100], accessibilityLabel="Wallet"),
        v("emailField", "UITextField", [24, 260, 345, 44], accessibilityIdentifier="login.email",
          accessibilityLabel="Email"),
        v("passwordField", "UITextField", [24, 316, 345, 44], accessibilityIdentifier="login.password",
          accessibilityLabel="Password"),
        button("signInButton", [24, 384, 345, 50], "Sign In", "loginVC", "signInTapped:"),
        button("forgotButton", [24, 446, 345, 36], "Forgot password?", "loginVC", "forgotTapped:"),
    ], accessibilityIdentifier="login.root", gestureRecognizers=[
        {"id": "dismissTap", "class": "UITapGestureRecognizer", "cancelsTouchesInView": False,
         "actions": [{"target": "loginVC", "action": "dismissKeyboard", "effect": "endEditing"}]},
    ])
    controllers = [{"id": "loginVC", "class": "Wallet.LoginViewController", "view": "loginRoot",
                    "implements": ["signInTapped:", "forgotTapped:", "dismissKeyboard"]}]
    s.snapshot(0.0, [window(win, [root])], controllers)
    t = s.tap(1.402, 150.0, 282.0, win, "emailField", hold=0.09)
    s.first_responder(t + 0.002, "emailField", win)
    s.keyboard(t + 0.004, "willShow", KEYBOARD)
    s.keyboard(t + 0.33, "didShow", KEYBOARD)
    t = s.keys(2.2, 17, every=0.11)
    t = s.tap(t + 0.8, 150.0, 338.0, win, "passwordField", hold=0.088)
    s.first_responder(t + 0.002, "passwordField", win)
    t = s.keys(t + 0.5, 12, every=0.15)
    # The background: the screen's tap recognizer ends editing, the keyboard goes.
    t = s.tap(t + 0.9, 200.0, 620.0, win, "loginRoot", hold=0.085)
    s.add({"type": "recognizer", "t": round(t, 3), "id": "dismissTap", "state": "ended"})
    s.first_responder(t + 0.001, None, win)
    s.keyboard(t + 0.003, "willHide", KEYBOARD_GONE)
    s.keyboard(t + 0.29, "didHide", KEYBOARD_GONE)
    t = s.tap(t + 1.1, 196.0, 409.0, win, "signInButton", hold=0.094)
    s.sent(t, "signInTapped:", "loginVC", "signInButton")
    s.add({"type": "time", "t": round(t + 1.0, 3)})
    s.write()


# 5. A map: the user pans it with one finger, pinches it open with two (its pinch and rotation may recognize with its
#    pan, as map apps allow), double-taps to zoom, taps Locate, searches (the keyboard comes up over the map) and taps
#    Search, which ends editing. The recognizers' actions are observed as TouchlogRecorder writes them.
def map_story():
    s = Session("map-pan-pinch-and-search.jsonl",
                header("5E771B6A-2C41-4F0D-9A8E-0C1D2E3F4A05", "com.acme.maps", "12.0.1", "12010",
                       "2026-11-22T15:41:07.330Z"))
    win = "mapWindow"

    def recognizer(id, cls, action, **fields):
        spec = {"id": id, "class": cls, "actions": [{"target": "mapVC", "action": action}]}
        spec.update(fields)
        return spec

    canvas = v("mapCanvas", "Maps.MapCanvasView", [0, 0] + SCREEN, baseClass="UIView",
               accessibilityIdentifier="map.canvas", gestureRecognizers=[
                   recognizer("mapPan", "UIPanGestureRecognizer", "panned:",
                              simultaneousWith=["mapPinch", "mapRotate"]),
                   recognizer("mapPinch", "UIPinchGestureRecognizer", "pinched:", simultaneousWith=["mapRotate"]),
                   recognizer("mapRotate", "UIRotationGestureRecognizer", "rotated:"),
                   recognizer("mapZoomTap", "UITapGestureRecognizer", "zoomIn:", numberOfTapsRequired=2),
               ])
    root = v("mapRoot", "UIView", [0, 0] + SCREEN, [
        canvas,
        v("searchField", "UISearchTextField", [16, 64, 290, 44], accessibilityIdentifier="map.search",
          accessibilityLabel="Search Maps"),
        button("searchGoButton", [314, 64, 63, 44], "Search", "mapVC", "search:"),
        button("locateButton", [329, 740, 48, 48], "Show my location", "mapVC", "locate:"),
    ])
    controllers = [{"id": "mapVC", "class": "Maps.MapViewController", "view": "mapRoot",
                    "implements": ["panned:", "pinched:", "rotated:", "zoomIn:", "locate:", "search:"]}]
    s.snapshot(0.0, [window(win, [root])], controllers)

    def observe(t, id, state):
        s.add({"type": "recognizer", "t": round(t, 3), "id": id, "state": state})

    # A one-finger pan: it begins at the first move (12 points), then changes at every move and ends at the lift.
    s.event += 1
    s.finger += 1
    t = 1.105
    s.touch(t, "began", 200.0, 500.0, win, "mapCanvas")
    for k in range(1, 13):
        t += 0.016
        s.touch(t, "moved", round(200.0 - 80.0 * k / 12, 1), round(500.0 - 120.0 * k / 12, 1), win)
        observe(t, "mapPan", "began" if k == 1 else "changed")
    t += 0.016
    s.touch(t, "ended", 120.0, 380.0, win)
    observe(t, "mapPan", "ended")
    # A pinch: two fingers 100 points apart spread 5 points each per frame; the centroid stays, so the pan does not
    # begin. The pinch begins once the distance has grown 10 points and ends when both fingers have lifted.
    s.event += 1
    a, b = s.finger + 1, s.finger + 2
    s.finger += 2
    t = 2.480
    for finger, x in ((a, 150.0), (b, 250.0)):
        s.touch(t, "began", x, 450.0, win, "mapCanvas", finger=finger)
    for k in range(1, 9):
        t = round(t + 0.016, 3)
        for finger, x in ((a, 150.0 - 5 * k), (b, 250.0 + 5 * k)):
            s.touch(t, "moved", x, 450.0, win, finger=finger)
        observe(t, "mapPinch", "began" if k == 1 else "changed")
    t = round(t + 0.016, 3)
    for finger, x in ((a, 110.0), (b, 290.0)):
        s.touch(t, "ended", x, 450.0, win, finger=finger)
    observe(t, "mapPinch", "ended")
    # A double tap zooms in.
    t = s.tap(3.620, 260.0, 600.0, win, "mapCanvas", hold=0.07)
    s.event += 1
    s.finger += 1
    s.touch(t + 0.12, "began", 262.0, 601.0, win, "mapCanvas", tap=2)
    s.touch(t + 0.19, "ended", 262.0, 601.0, win, tap=2)
    observe(t + 0.19, "mapZoomTap", "ended")
    # Locate, then a search: the keyboard comes up, Search ends editing.
    t = s.tap(4.910, 353.0, 764.0, win, "locateButton", hold=0.09)
    s.sent(t, "locate:", "mapVC", "locateButton")
    t = s.tap(6.004, 120.0, 86.0, win, "searchField", hold=0.08)
    s.first_responder(t + 0.002, "searchField", win)
    s.keyboard(t + 0.004, "willShow", KEYBOARD)
    s.keyboard(t + 0.33, "didShow", KEYBOARD)
    t = s.keys(t + 0.7, 6, every=0.16)
    t = s.tap(t + 0.6, 345.0, 86.0, win, "searchGoButton", hold=0.09)
    s.sent(t, "search:", "mapVC", "searchGoButton")
    s.add({"type": "call", "t": round(t + 0.001, 3), "view": "searchField", "method": "resignFirstResponder"})
    s.first_responder(t + 0.002, None, win)
    s.keyboard(t + 0.004, "willHide", KEYBOARD_GONE)
    s.keyboard(t + 0.3, "didHide", KEYBOARD_GONE)
    s.add({"type": "time", "t": round(t + 1.0, 3)})
    s.write()


# 6. A chat: the list of messages dismisses the keyboard interactively. The user taps the compose field (the input
#    bar rises above the keyboard), types and sends; drags the messages without reaching the keyboard (it stays up,
#    the field keeps typing); then drags down into the keyboard and lets go below its top edge, which dismisses it.
def chat():
    s = Session("chat-interactive-keyboard-dismissal.jsonl",
                header("5E771B6A-2C41-4F0D-9A8E-0C1D2E3F4A06", "com.acme.chat", "4.2.0", "4201",
                       "2026-11-23T08:05:12.700Z"))
    win = "chatWindow"
    senders = ["Ana", "You", "Ana", "You", "Ana", "Ana", "You", "Ana", "You", "Ana", "You", "Ana"]
    cells = [v("messageCell%d" % k, "Chat.MessageCell", [0, k * 72, 393, 72], [
        v("messageContent%d" % k, "UITableViewCellContentView", [0, 0, 393, 72], [
            v("messageBubble%d" % k, "UIView", [16 if who == "Ana" else 120, 8, 257, 56], [
                v("messageText%d" % k, "UILabel", [12, 8, 233, 40]),
            ]),
        ], baseClass="UIView"),
    ], baseClass="UITableViewCell", indexPath=[0, k], accessibilityLabel="Message from " + who)
        for k, who in enumerate(senders)]

    def input_bar(y):
        return v("inputBar", "Chat.InputBar", [0, y, 393, 66], [
            v("composeField", "UITextView", [12, 11, 296, 44], accessibilityIdentifier="chat.compose",
              accessibilityLabel="Message"),
            button("sendButton", [316, 11, 65, 44], "Send", "chatVC", "sendTapped:",
                   accessibilityIdentifier="chat.send"),
        ])

    messages = v("messagesTable", "UITableView", [0, 0, 393, 786], cells, bounds=[0, 80, 393, 786],
                 contentSize=[393, 864], adjustedContentInset=[103, 0, 0, 0], keyboardDismissMode="interactive",
                 allowsSelection=False, accessibilityIdentifier="chat.messages", delegate="chatVC")
    root = v("chatRoot", "UIView", [0, 0] + SCREEN, [messages, input_bar(786)], accessibilityIdentifier="chat.root")
    controllers = [
        {"id": "chatNavVC", "class": "UINavigationController", "view": "chatNav"},
        {"id": "chatVC", "class": "Chat.ConversationViewController", "view": "chatRoot", "parent": "chatNavVC",
         "implements": ["sendTapped:"]},
    ]
    s.snapshot(0.0, [window(win, [nav_container("chat", root, [], "Ana")])], controllers)
    # The compose field (on screen 797-841): it becomes first responder as the finger lifts, the keyboard shows,
    # and the controller moves the input bar above it.
    t = s.tap(1.306, 150.0, 819.0, win, "composeField", hold=0.087)
    s.first_responder(t + 0.002, "composeField", win)
    s.keyboard(t + 0.004, "willShow", KEYBOARD)
    s.set(t + 0.005, "inputBar", frame=[0, 450, 393, 66])
    s.set(t + 0.006, "messagesTable", frame=[0, 0, 393, 450])
    s.keyboard(t + 0.33, "didShow", KEYBOARD)
    t = s.keys(t + 0.8, 14, every=0.13)
    # Send (on screen 461-505): the message joins the list, the field stays first responder.
    t = s.tap(t + 0.5, 348.0, 483.0, win, "sendButton", hold=0.082)
    s.sent(t, "sendTapped:", "chatVC", "sendButton")
    s.set(t + 0.02, "messagesTable", contentSize=[393, 936], bounds=[0, 486, 393, 450])
    # Reads back: a drag down the messages that stays above the keyboard (its top is y 516) scrolls and dismisses
    # nothing.
    t = s.drag(t + 1.2, (200.0, 260.0), (200.0, 420.0), win, "messageBubble10", steps=10)
    s.set(t + 0.01, "messagesTable", bounds=[0, 326, 393, 450])
    t = s.keys(t + 0.7, 5, every=0.14)
    # Then down into the keyboard and let go below its top edge: the keyboard follows the finger and goes.
    t = s.drag(t + 0.9, (200.0, 300.0), (200.0, 690.0), win, "messageBubble8", steps=16)
    s.first_responder(t + 0.002, None, win)
    s.keyboard(t + 0.004, "willHide", KEYBOARD_GONE)
    s.set(t + 0.005, "inputBar", frame=[0, 786, 393, 66])
    s.set(t + 0.006, "messagesTable", frame=[0, 0, 393, 786])
    s.keyboard(t + 0.3, "didHide", KEYBOARD_GONE)
    s.add({"type": "time", "t": round(t + 1.0, 3)})
    s.write()


if __name__ == "__main__":
    settings()
    sheet()
    push()
    login()
    map_story()
    chat()
