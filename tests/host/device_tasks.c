/* The device manifest's task entries, which the generated tables point
 * at: empty, for host tests that link the device policy's tables. */
void init_main(void) {}
void logger_main(void) {}
void sensor_main(void) {}
void control_main(void) {}
void bench_main(void) {}
void bench_partner(void) {}
void console_main(void) {}
