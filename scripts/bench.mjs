// Placeholder until the benchmarks issue lands: prints the table shape.
console.log('| figure | ours | baseline | ratio | target |');
console.log('|---|---|---|---|---|');
console.log('| (benchmarks not written yet) | – | – | – | – |');
