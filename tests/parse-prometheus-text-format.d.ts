declare module 'parse-prometheus-text-format' {
  /** Prometheus text exposition format to metric families (the package ships no types). */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
