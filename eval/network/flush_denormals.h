#pragma once

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include <cstdint>

namespace hex::eval::network {

// Within its scope the calling thread's floating-point unit treats subnormal numbers as zero,
// both as results (flush to zero) and as operands (denormals are zero); the thread's previous
// mode comes back when it ends.
//
// Why: a trained net makes subnormal numbers in its pass (weight decay pulls the weights it does
// not use towards zero), and the CPU handles each subnormal operand with a slow microcode assist:
// the shipped net evaluated an 11x11 position in 2.6 ms instead of 0.17 ms (docs/network.md,
// "Subnormal numbers"). Values that small change no output the engine can see. Restoring the
// mode keeps every other computation of the program (the circuits' doubles) exactly as it was.
class FlushDenormals {
public:
    FlushDenormals() noexcept : saved_(read()) { write(saved_ | kFlushBits); }
    ~FlushDenormals() { write(saved_); }
    FlushDenormals(const FlushDenormals&) = delete;
    FlushDenormals& operator=(const FlushDenormals&) = delete;

private:
#if defined(__SSE2__)
    // MXCSR's FTZ and DAZ bits (DAZ's macro lives in pmmintrin.h, which wants SSE3).
    static constexpr std::uint64_t kFlushBits = _MM_FLUSH_ZERO_ON | 0x0040;
    static std::uint64_t read() noexcept { return _mm_getcsr(); }
    static void write(std::uint64_t mode) noexcept { _mm_setcsr(static_cast<unsigned>(mode)); }
#elif defined(__aarch64__)
    static constexpr std::uint64_t kFlushBits = std::uint64_t{1} << 24; // FPCR.FZ
    static std::uint64_t read() noexcept {
        std::uint64_t mode;
        asm volatile("mrs %0, fpcr" : "=r"(mode));
        return mode;
    }
    static void write(std::uint64_t mode) noexcept { asm volatile("msr fpcr, %0" : : "r"(mode)); }
#else
    // No known control register: subnormals stay exact (and slow).
    static constexpr std::uint64_t kFlushBits = 0;
    static std::uint64_t read() noexcept { return 0; }
    static void write(std::uint64_t) noexcept {}
#endif
    std::uint64_t saved_;
};

} // namespace hex::eval::network
