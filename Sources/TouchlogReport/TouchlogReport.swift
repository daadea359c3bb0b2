/// TouchlogReport: rules, triage and output formats (built by the report issue).
public enum TouchlogReportInfo {}
