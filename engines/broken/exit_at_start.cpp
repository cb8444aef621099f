// broken-exit_at_start: exits with code 3 before reading or writing anything. The referee
// must report that the engine could not start ("exited with code 3" before the handshake)
// rather than wait for a handshake.
int main() {
    return 3;
}
