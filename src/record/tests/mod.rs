
#[cfg(test)] mod bench_tmp;
