// Under mutation testing each mutant reruns the tests that cover it: a property test's thousands of
// cases every time would take hours. Property tests read their case count through propertyRuns().
process.env.PROPERTY_RUNS_AT_MOST = '200'
