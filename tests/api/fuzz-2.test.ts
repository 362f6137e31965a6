import { fuzzShard } from './fuzz-suite';

fuzzShard(1, 2);
