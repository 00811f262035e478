/// Small task files, one per step kind, for the screen tests.
enum Fixtures {
    static func v4(_ steps: String, title: String = "Screen test") -> String {
        #"{"identifier": "screen-test", "type": "assessment", "title": "\#(title)", "steps": [\#(steps)]}"#
    }

    static let instruction = v4(#"""
        {"identifier": "intro", "type": "instruction", "title": "Welcome to the study",
         "subtitle": "This short task asks a few questions. Your answers stay on this computer.",
         "detail": "Press Enter to begin."},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    static let form = v4(#"""
        {"identifier": "intro", "type": "instruction", "title": "Hello"},
        {"identifier": "about", "type": "multipleInputQuestion", "title": "About you", "inputItems": [
          {"identifier": "nickname", "type": "string", "fieldLabel": "Nickname", "placeholder": "letters only",
           "keyboardOptions": {"maximumLength": 20}, "optional": false},
          {"identifier": "birthYear", "type": "year", "fieldLabel": "Year of birth", "optional": false,
           "formatOptions": {"allowFuture": false, "minimumYear": 1900}},
          {"identifier": "weight", "type": "weight", "fieldLabel": "Weight", "optional": true}]},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    static let radio = v4(#"""
        {"identifier": "mood", "type": "choiceQuestion", "title": "How do you feel today?", "baseType": "integer",
         "singleChoice": true, "optional": false, "choices": [{"text": "Very good", "value": 1}, {"text": "Good", "value": 2},
         {"text": "So-so", "value": 3}, {"text": "Bad", "value": 4}]},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    static let checklist = v4(#"""
        {"identifier": "symptoms", "type": "choiceQuestion", "title": "Which symptoms do you have?", "baseType": "string",
         "singleChoice": false, "optional": false, "choices": [{"text": "Headache", "value": "headache"},
         {"text": "Fatigue", "value": "fatigue"}, {"text": "None of these", "value": "none", "selectorType": "exclusive"}],
         "other": {"type": "string", "fieldLabel": "Something else"}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    static let slider = v4(#"""
        {"identifier": "pain", "type": "simpleQuestion", "title": "How much pain do you feel?", "optional": false,
         "inputItem": {"type": "integer", "uiHint": "slider", "formatOptions": {"minimumValue": 0, "maximumValue": 10,
         "stepInterval": 1, "minimumLabel": "none", "maximumLabel": "worst"}}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    static let picker = v4(#"""
        {"identifier": "country", "type": "simpleQuestion", "title": "Which country?", "inputItem": {"type": "stringChoicePicker",
         "choices": ["Argentina", "Australia", "Austria", "Belgium", "Brazil", "Canada", "Chile", "China", "Denmark",
         "Spain", "Sweden", "Switzerland", "Turkey"]}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    static let dates = v4(#"""
        {"identifier": "when", "type": "multipleInputQuestion", "title": "When did it start?", "inputItems": [
          {"identifier": "day", "type": "date", "fieldLabel": "Day", "formatOptions": {"codingFormat": "yyyy-MM-dd"}},
          {"identifier": "time", "type": "time", "fieldLabel": "Time", "formatOptions": {"codingFormat": "HH:mm"}}]},
        {"identifier": "exercise", "type": "simpleQuestion", "title": "How long did you exercise?",
         "inputItem": {"type": "duration"}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    static let notes = v4(#"""
        {"identifier": "notes", "type": "simpleQuestion", "title": "Anything else?",
         "inputItem": {"type": "string", "uiHint": "multipleLine", "placeholder": "Several lines are fine."}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    static let countdown = v4(#"""
        {"identifier": "breathe", "type": "active", "title": "Breathe slowly", "duration": 10,
         "commands": ["playSound", "transitionAutomatically"],
         "spokenInstructions": {"start": "Breathe in slowly.", "5": "And out.", "end": "Well done."}},
        {"identifier": "done", "type": "completion", "title": "Done", "subtitle": "Thank you for taking part."}
        """#)

    static let unknown = v4(#"""
        {"identifier": "tap", "type": "tapping", "title": "Tap fast"},
        {"identifier": "done", "type": "completion", "title": "Done"}
        """#)

    static let components = #"""
        {"identifier": "meal-task", "title": "Pickers", "steps": [{"identifier": "meal", "type": "form", "title": "What did you eat?",
         "inputFields": [{"identifier": "combo", "type": "multipleComponent", "prompt": "Dish and drink", "separator": " with ",
          "choices": [["soup", "salad"], ["water", "tea"]]},
          {"identifier": "servings", "type": "integer", "uiHint": "picker", "prompt": "Servings",
           "range": {"minimumValue": 1, "maximumValue": 5, "stepInterval": 1}},
          {"identifier": "slept", "type": "boolean", "prompt": "Slept well?"}]},
         {"identifier": "done", "type": "completion", "title": "Thank you"}]}
        """#

    static let escapes = v4(#"""
        {"identifier": "intro", "type": "instruction", "title": "Evil \u001b[2J\u001b]0;pwned\u0007title",
         "subtitle": "Text with \u001b[31mred\u001b[0m and a bell \u0007 here."},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)
}
