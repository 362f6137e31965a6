import { fuzzShard } from './fuzz-suite';

fuzzShard(0, 2);
