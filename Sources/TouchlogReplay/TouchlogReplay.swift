/// TouchlogReplay: re-dispatches stored sessions through ResponderCore (built by the replay issue).
public enum TouchlogReplayInfo {}
