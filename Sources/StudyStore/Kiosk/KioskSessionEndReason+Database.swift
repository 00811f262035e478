import Foundation
import GRDB
import StudyCore

/// A session's end reason is stored as its raw value (`timed-out`, `ended-by-staff`, ...).
extension KioskSessionEndReason: DatabaseValueConvertible {}
