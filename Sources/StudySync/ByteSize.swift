/// A number of bytes in words ("64 KB", "8 MB").
enum ByteSize {
    /// `bytes` in KB or MB (1024-based), rounded down.
    static func words(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}
