// Filled in by the adapter step.
